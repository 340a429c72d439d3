import type { AggregateSpec, Predicate, TableInfo } from '@sluice/storage';
import type { Expr, FunctionExpr } from '../ast/expr.js';
import type { TimeRange } from './pushdown.js';

/**
 * The store-side form of `SELECT count(*), min(c), max(c), count(c) FROM t [WHERE <time range>]` (no
 * GROUP BY, no DISTINCT, plain columns of the table), or undefined when the query needs a scan.
 */
export function storedAggregateSpecs(
  table: TableInfo,
  qualifier: string,
  groupKeys: readonly Expr[],
  calls: readonly FunctionExpr[],
  predicates: readonly Predicate[],
  restWhere: Expr | undefined,
): AggregateSpec[] | undefined {
  if (groupKeys.length > 0 || calls.length === 0 || predicates.length > 0 || restWhere !== undefined) return undefined;
  const specs: AggregateSpec[] = [];
  for (const c of calls) {
    if (c.distinct || c.over || c.args.length !== 1) return undefined;
    if (c.name !== 'count' && c.name !== 'min' && c.name !== 'max') return undefined;
    const a = c.args[0]!;
    if (a.kind === 'star' && c.name === 'count') {
      specs.push({ fn: 'count' });
      continue;
    }
    if (a.kind !== 'column' || (a.table !== undefined && a.table !== qualifier)) return undefined;
    const col = table.columns.find((x) => x.name === a.name) ?? table.columns.find((x) => x.name.toLowerCase() === a.name.toLowerCase());
    if (!col) return undefined;
    specs.push({ fn: c.name, column: col.name });
  }
  return specs;
}

export type { TimeRange };
