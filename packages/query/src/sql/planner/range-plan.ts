import type { Expr, FunctionExpr, RangeFill } from '../ast/expr.js';
import type { AlignClause } from '../ast/query.js';
import { isAggregateName } from '../aggregates/registry.js';
import { RangeQueryError, SqlExecutionError, SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { headerName } from '../expr/header-name.js';
import { exprText } from '../expr/print.js';
import type { Field, Relation } from '../expr/relation.js';
import type { Scope } from '../expr/scope.js';
import { walkExpr } from '../expr/walk.js';
import { rangeSelect, type RangeCall } from '../operators/range-select.js';
import type { FillPlan } from '../operators/range-fill.js';
import { arrowTypeName } from '../types/arrow-type.js';
import { castValue } from '../types/cast.js';
import { isNumericType, isIntType, nsPer, type SqlType } from '../types/sql-value.js';
import { bindAggregateCall } from './aggregate-plan.js';
import { QueryBudgetError } from '../../exec/errors.js';
import { alignToMs, durationMs } from './range-args.js';

/** The most windows one row may fall in (RANGE / ALIGN), as Prometheus bounds a range query's points per series. */
const MAX_WINDOWS_PER_ROW = 11_000;

/** Range calls (`f(...) RANGE d [FILL f]`) in expressions, unique by text. */
export function collectRangeCalls(exprs: readonly Expr[]): FunctionExpr[] {
  const found = new Map<string, FunctionExpr>();
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind !== 'function' || !x.range) return;
      found.set(exprText(x), x);
      return false;
    });
  }
  return [...found.values()];
}

/** FILL over a call of type `type`: a constant is cast now, as GreptimeDB does (`3.0` is no Int64). */
function fillPlan(fill: RangeFill, type: SqlType, timezone: string | undefined): FillPlan {
  if (fill.kind !== 'const') {
    if (fill.kind !== 'linear') return { kind: fill.kind };
    if (!isNumericType(type)) throw new SqlPlanError(`Use FILL LINEAR on Non-numeric DataType ${arrowTypeName(type)}`);
    return { kind: 'linear', float32: type === 'float32' };
  }
  const text = fill.text.toUpperCase();
  const bad = () => new SqlPlanError(`${text} is not a valid fill option, fail to convert to a const value. { Arrow error: Cast error: Cannot cast string '${text}' to value of ${arrowTypeName(type)} type }`);
  if (isIntType(type) && !/^[+-]?\d+$/.test(text.trim())) throw bad();
  try {
    return { kind: 'const', value: castValue(fill.text, 'string', type as Exclude<SqlType, 'null' | 'interval'>, timezone) };
  } catch {
    throw bad();
  }
}

/** Where the range query reads the time from and what it groups by when BY is omitted. */
export interface RangeSource {
  /** Index of the time index among the input fields. */
  readonly timeIndex: number;
  /** The table's primary key (`[1]` without one); undefined for a derived input, where BY is required. */
  readonly defaultBy?: readonly Expr[];
}

const described = (f: Field) => (f.qualifier ? `${f.qualifier}.${f.name}` : f.name);

/**
 * Plans `SELECT ... ALIGN`: the range calls of `exprs` (select list and ORDER BY) over `input`, keyed by
 * the ALIGN clause's BY. Returns the operator and the scope the select list compiles in, where range
 * calls, BY expressions and the time index (as the window start) are columns; any other column or a
 * plain aggregate there is an error, as in GreptimeDB.
 */
export function planRange(input: Relation, inputScope: Scope, align: AlignClause, exprs: readonly Expr[], src: RangeSource): { relation: Relation; scope: Scope; description: string } {
  const ctx = inputScope.ctx;
  for (const e of exprs) walkExpr(e, (x) => void (x.kind === 'function' && x.over && windowed()));
  const calls = collectRangeCalls(exprs);
  const by = align.by ?? src.defaultBy;
  if (by === undefined) throw new RangeQueryError('Cannot infer default BY columns from derived range query input');
  const alignMs = durationMs(align.step, ctx);
  const alignTo = alignToMs(align.to, ctx);
  const time = inputScope.fields[src.timeIndex]!;
  const timeColumn: Expr = { kind: 'column', name: time.name, ...(time.qualifier ? { table: time.qualifier } : {}), pos: { line: 0, column: 0 } };
  const rangeCalls: RangeCall[] = calls.map((c) => {
    if (!isAggregateName(c.name)) throw new SqlPlanError(`Illegal argument \`${headerName(c, inputScope.fields)}\` in range select query: RANGE applies to aggregate functions`);
    const { range, ...plain } = c;
    // first_value / last_value see a window's rows in time order unless they say otherwise.
    const ordered = (plain.name === 'first_value' || plain.name === 'last_value') && !plain.orderBy
      ? { ...plain, orderBy: [{ expr: timeColumn, descending: false }] }
      : plain;
    const call = bindAggregateCall(ordered, inputScope);
    const fill = range!.fill ? fillPlan(range!.fill, call.bound.type, ctx.timezone) : undefined;
    const toFloat = fill?.kind === 'linear' && !(call.bound.type === 'float32' || call.bound.type === 'float64');
    const rangeMs = durationMs(range!.duration, ctx);
    const perRow = Math.ceil(rangeMs / alignMs);
    if (perRow > MAX_WINDOWS_PER_ROW) {
      throw new QueryBudgetError(`${headerName(c, inputScope.fields)} puts each row in ${perRow.toLocaleString('en-US')} windows of the ALIGN step (at most ${MAX_WINDOWS_PER_ROW.toLocaleString('en-US')}): use a larger ALIGN or a shorter RANGE`);
    }
    return { call, rangeMs, toFloat, ...(fill ? { fill } : {}) };
  });
  const byC = by.map((e) => compileExpr(e, inputScope));
  const fields: Field[] = [
    ...calls.map((c, i) => ({ name: headerName(c, inputScope.fields), type: rangeCalls[i]!.toFloat ? 'float64' as const : rangeCalls[i]!.call.bound.type })),
    { ...time },
    ...by.map((e, i): Field => {
      const f = e.kind === 'column' ? inputScope.fields.find((x) => x.name === e.name && (e.table === undefined || x.qualifier === e.table)) : undefined;
      return { name: e.kind === 'column' ? e.name : headerName(e, inputScope.fields), type: byC[i]!.type, ...(f?.qualifier ? { qualifier: f.qualifier } : {}) };
    }),
  ];
  const substitutions = new Map<string, number>();
  calls.forEach((c, i) => substitutions.set(exprText(c), i));
  const answer = (e: Expr, at: number) => {
    substitutions.set(exprText(e), at);
    if (e.kind !== 'column') return;
    const f = inputScope.fields.find((x) => x.name === e.name && (e.table === undefined || x.qualifier === e.table));
    if (!substitutions.has(e.name)) substitutions.set(e.name, at);
    if (f?.qualifier) substitutions.set(`${f.qualifier}.${e.name}`, at);
  };
  by.forEach((e, i) => answer(e, calls.length + 1 + i));
  answer(timeColumn, calls.length);
  // The select list sees the range calls, the window start and the BY keys only.
  const valid = () => fields.map((f) => `"${described(f)}"`).join(', ');
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind !== 'literal' && substitutions.has(exprText(x))) return false;
      if (x.kind === 'column') {
        const f = inputScope.fields.find((y) => y.name === x.name && (x.table === undefined || y.qualifier === x.table));
        throw new SqlExecutionError(`No field named ${f ? described(f) : exprText(x)}. Valid fields are ${valid()}.`);
      }
      if (x.kind === 'function' && isAggregateName(x.name)) throw new SqlExecutionError(`No field named "${headerName(x, inputScope.fields)}". Valid fields are ${valid()}.`);
      if (x.kind === 'subquery' || x.kind === 'in_subquery') return false;
    });
  }
  const relation = rangeSelect(input, { time: compileExpr(timeColumn, inputScope), nsPerUnit: nsPer(time.type), by: byC, calls: rangeCalls, alignMs, alignToMs: alignTo }, fields, ctx.exec);
  // As GreptimeDB's EXPLAIN prints its RangeSelect node.
  const description = `RangeSelect: range_exprs=[${fields.slice(0, calls.length).map((f) => f.name).join(', ')}], align=${alignMs}ms, align_to=${alignTo}ms, align_by=[${by.map((e) => (e.kind === 'column' ? described(inputScope.fields.find((f) => f.name === e.name && (e.table === undefined || f.qualifier === e.table)) ?? { name: e.name, type: 'null' }) : headerName(e, inputScope.fields))).join(', ')}], time_index=${time.name}`;
  return { relation, scope: { fields, ctx, substitutions, grouped: true }, description };
}

const windowed = (): never => {
  throw new RangeQueryError('Window functions is not allowed in Range Query');
};
