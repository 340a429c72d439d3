import type { AggregateSpec, ColumnDef, GroupKey, Predicate, TableInfo } from '@sluice/storage';
import { isFloatType, isIntegerType } from '@sluice/pipeline-core';
import type { Expr, FunctionExpr } from '../ast/expr.js';
import { compileExpr } from '../expr/compile.js';
import type { EvalContext } from '../expr/relation.js';

/** Types whose order and equality are the same in the store as in SQL (min/max and group keys). */
const plainType = (t: ColumnDef['type']) => t === 'string' || t === 'boolean' || isIntegerType(t) || isFloatType(t) || t.startsWith('timestamp');

function columnOf(e: Expr, table: TableInfo, qualifier: string): ColumnDef | undefined {
  if (e.kind !== 'column' || (e.table !== undefined && e.table !== qualifier)) return undefined;
  return table.columns.find((c) => c.name === e.name) ?? table.columns.find((c) => c.name.toLowerCase() === e.name.toLowerCase());
}

/** `date_bin(INTERVAL 'n unit', <time index>)` as a bucket width in ns. */
function bucketOf(e: Expr, table: TableInfo, qualifier: string, ctx: EvalContext): GroupKey | undefined {
  if (e.kind !== 'function' || e.name !== 'date_bin' || e.args.length !== 2 || e.over) return undefined;
  const col = columnOf(e.args[1]!, table, qualifier);
  if (!col || col.name !== table.timeIndex) return undefined;
  try {
    const stride = compileExpr(e.args[0]!, { fields: [], ctx });
    const v = stride.constant?.value as { ns?: unknown } | null | undefined;
    if (stride.type !== 'interval' || typeof v?.ns !== 'bigint' || v.ns <= 0n) return undefined;
    return { column: col.name, bucketNs: v.ns };
  } catch {
    return undefined;
  }
}

/**
 * The store-side form of `SELECT <keys>, <aggregates> FROM t [WHERE <pushed-down predicates>] [GROUP BY
 * <columns | date_bin(interval, time index)>]` with count/min/max/avg (and sum of floats) over plain
 * columns, or undefined when the query needs the engine's scan + aggregate.
 */
export function storedAggregatePlan(
  table: TableInfo,
  qualifier: string,
  groupKeys: readonly Expr[],
  calls: readonly FunctionExpr[],
  restWhere: Expr | undefined,
  ctx: EvalContext,
): { groupBy: GroupKey[]; aggregates: AggregateSpec[] } | undefined {
  if (calls.length === 0 || restWhere !== undefined) return undefined;
  const groupBy: GroupKey[] = [];
  for (const k of groupKeys) {
    const col = columnOf(k, table, qualifier);
    if (col && plainType(col.type)) groupBy.push({ column: col.name });
    else {
      const b = bucketOf(k, table, qualifier, ctx);
      if (!b) return undefined;
      groupBy.push(b);
    }
  }
  const aggregates: AggregateSpec[] = [];
  for (const c of calls) {
    if (c.distinct || c.over || c.args.length !== 1) return undefined;
    const a = c.args[0]!;
    if (a.kind === 'star' && c.name === 'count') {
      aggregates.push({ fn: 'count' });
      continue;
    }
    const col = columnOf(a, table, qualifier);
    if (!col) return undefined;
    if (c.name === 'count') aggregates.push({ fn: 'count', column: col.name });
    else if ((c.name === 'min' || c.name === 'max') && plainType(col.type)) aggregates.push({ fn: c.name, column: col.name });
    else if (c.name === 'avg' && (isIntegerType(col.type) || isFloatType(col.type))) aggregates.push({ fn: 'avg', column: col.name });
    else if (c.name === 'sum' && isFloatType(col.type)) aggregates.push({ fn: 'sum', column: col.name });
    else return undefined;
  }
  return { groupBy, aggregates };
}

export type { Predicate };
