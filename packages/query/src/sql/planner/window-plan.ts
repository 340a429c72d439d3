import type { Expr, FunctionExpr } from '../ast/expr.js';
import { AGGREGATE_FUNCTIONS } from '../aggregates/registry.js';
import { SqlInvalidArgumentError, SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { castTo } from '../expr/coerce.js';
import { exprText } from '../expr/print.js';
import type { Field, Relation } from '../expr/relation.js';
import type { Scope } from '../expr/scope.js';
import { walkExpr } from '../expr/walk.js';
import { window, type WindowCall, type WindowKind } from '../operators/window.js';
import { isNumericType, type SqlType } from '../types/sql-value.js';
import { ANOMALY_SCORERS } from '../functions/anomaly.js';

const RANKING = new Set<WindowKind>(['row_number', 'rank', 'dense_rank']);
const VALUE = new Set<WindowKind>(['lag', 'lead', 'first_value', 'last_value']);

/** Window calls (`f(...) OVER (...)`) in expressions, unique by text. */
export function collectWindows(exprs: readonly Expr[]): FunctionExpr[] {
  const found = new Map<string, FunctionExpr>();
  for (const e of exprs) walkExpr(e, (x) => void (x.kind === 'function' && x.over && found.set(exprText(x), x)));
  return [...found.values()];
}

function constantArg(call: FunctionExpr, e: Expr | undefined, scope: Scope, what: string) {
  if (e === undefined) return undefined;
  const c = compileExpr(e, scope);
  if (!c.constant) throw new SqlInvalidArgumentError(`${call.name}(): ${what} must be a constant`);
  return c;
}

function compileCall(call: FunctionExpr, scope: Scope): { call: WindowCall; type: SqlType } {
  const over = call.over!;
  const partitionBy = over.partitionBy.map((p) => compileExpr(p, scope));
  const orderBy = over.orderBy.map((k) => ({ expr: compileExpr(k.expr, scope), descending: k.descending, ...(k.nullsFirst !== undefined ? { nullsFirst: k.nullsFirst } : {}) }));
  const name = call.name as WindowKind;
  const frame = over.frame;
  if (frame?.units === 'range' && [frame.start, frame.end].some((b) => b.kind === 'offset') && (orderBy.length !== 1 || !isNumericType(orderBy[0]!.expr.type))) {
    throw new SqlPlanError(`RANGE with an offset needs exactly one numeric ORDER BY expression: ${exprText(call)}`);
  }
  if (RANKING.has(name)) {
    if (call.args.length > 0) throw new SqlInvalidArgumentError(`${call.name}() takes no arguments`);
    return { call: { kind: name, args: [], partitionBy, orderBy }, type: 'int64' };
  }
  const scorer = ANOMALY_SCORERS.get(call.name);
  if (scorer) {
    if (call.args.length !== scorer.args) throw new SqlInvalidArgumentError(`${call.name}() takes ${scorer.args} argument${scorer.args > 1 ? 's' : ''}, got ${call.args.length}: ${scorer.signature}`);
    const args = call.args.map((a) => compileExpr(a, scope));
    for (const a of args) if (!isNumericType(a.type) && a.type !== 'null') throw new SqlPlanError(`${call.name}() needs numeric arguments, got ${a.type}`);
    return { call: { kind: 'anomaly', args, partitionBy, orderBy, scorer, ...(frame ? { frame } : {}) }, type: 'float64' };
  }
  if (VALUE.has(name)) {
    const max = name === 'lag' || name === 'lead' ? 3 : 1;
    if (call.args.length < 1 || call.args.length > max) throw new SqlInvalidArgumentError(`${call.name}() takes 1${max > 1 ? ` to ${max}` : ''} arguments, got ${call.args.length}`);
    const arg = compileExpr(call.args[0]!, scope);
    const off = constantArg(call, call.args[1], scope, 'the offset');
    const dflt = constantArg(call, call.args[2], scope, 'the default');
    const offset = off ? Number(off.constant!.value) : undefined;
    if (offset !== undefined && !(Number.isInteger(offset) && offset >= 0)) throw new SqlInvalidArgumentError(`${call.name}(): the offset must be a non-negative integer`);
    const fallback = dflt && arg.type !== 'null' && arg.type !== 'interval' && dflt.type !== arg.type ? castTo(dflt, arg.type).constant!.value : dflt?.constant!.value;
    return { call: { kind: name, args: [arg], partitionBy, orderBy, ...(offset !== undefined ? { offset } : {}), ...(fallback !== undefined ? { fallback } : {}), ...(frame ? { frame } : {}) }, type: arg.type };
  }
  const agg = AGGREGATE_FUNCTIONS.get(call.name);
  if (!agg) throw new SqlPlanError(`'${call.name}' is not a window function (use row_number, rank, dense_rank, lag, lead, first_value, last_value or an aggregate)`);
  if (call.distinct) throw new SqlPlanError(`DISTINCT is not supported in window aggregates: ${exprText(call)}`);
  const star = call.args[0]?.kind === 'star';
  const arg = star || call.args.length === 0 ? undefined : compileExpr(call.args[0]!, scope);
  const extra = call.args.slice(1).map((a) => constantArg(call, a, scope, 'extra arguments')!.constant!.value);
  const bound = agg.bind(arg ? arg.type : 'int64', extra);
  return { call: { kind: 'aggregate', args: arg ? [arg] : [], partitionBy, orderBy, bound, ...(frame ? { frame } : {}) }, type: bound.type };
}

/** Plans the window calls: an operator appending their columns, and a scope where each call is a column. */
export function planWindows(input: Relation, scope: Scope, calls: readonly FunctionExpr[]): { relation: Relation; scope: Scope } {
  const compiled = calls.map((c) => compileCall(c, scope));
  const base = scope.fields.length;
  const fields: Field[] = [...scope.fields, ...calls.map((c, i) => ({ name: exprText(c), type: compiled[i]!.type }))];
  const substitutions = new Map(scope.substitutions ?? []);
  calls.forEach((c, i) => substitutions.set(exprText(c), base + i));
  return {
    relation: window(input, compiled.map((c) => c.call), fields, scope.ctx.exec),
    scope: { ...scope, fields, substitutions },
  };
}
