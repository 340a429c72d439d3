import type { Expr, FunctionExpr } from '../ast/expr.js';
import { AGGREGATE_FUNCTIONS, isAggregateName } from '../aggregates/registry.js';
import { SqlInvalidArgumentError, SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { exprText } from '../expr/print.js';
import type { Field, Relation } from '../expr/relation.js';
import type { Scope } from '../expr/scope.js';
import { walkExpr } from '../expr/walk.js';
import { aggregate, type AggregateCall } from '../operators/aggregate.js';
import type { Compiled } from '../expr/compiled.js';
import { isNumericType } from '../types/sql-value.js';
import { orderedAggregate, orderedArgument } from '../aggregates/ordered.js';

/** Aggregate calls in expressions, unique by text, outermost only (nesting is an error). */
export function collectAggregates(exprs: readonly Expr[]): FunctionExpr[] {
  const found = new Map<string, FunctionExpr>();
  for (const e of exprs) {
    walkExpr(e, (x) => {
      // A window call is not a group aggregate; aggregates inside it (its arguments, PARTITION BY, ORDER BY) are.
      if (x.kind === 'function' && x.over) return;
      // A range call (`min(x) RANGE '5s'`) is computed per window by the range query (range-plan.ts).
      if (x.kind === 'function' && x.range) return false;
      if (x.kind === 'function' && isAggregateName(x.name)) {
        for (const a of x.args) {
          walkExpr(a, (y) => {
            if (y.kind === 'function' && isAggregateName(y.name)) throw new SqlPlanError(`aggregate function calls cannot be nested: ${exprText(x)}`);
          });
        }
        found.set(exprText(x), x);
        return false;
      }
      if (x.kind === 'subquery') return false;
    });
  }
  return [...found.values()];
}

/**
 * Plans the aggregation: the operator over the input, and the scope later clauses compile in,
 * where group keys and aggregate calls are columns found by their text.
 */
export function planAggregate(input: Relation, inputScope: Scope, keys: readonly Expr[], calls: readonly FunctionExpr[]): { relation: Relation; scope: Scope } {
  const keyC = keys.map((k) => compileExpr(k, inputScope));
  const aggCalls = calls.map((c) => bindAggregateCall(c, inputScope));
  const fields: Field[] = [
    ...keys.map((k, i) => (k.kind === 'column' ? { name: k.name, type: keyC[i]!.type } : { name: exprText(k), type: keyC[i]!.type })),
    ...calls.map((c, i) => ({ name: exprText(c), type: aggCalls[i]!.bound.type })),
  ];
  const substitutions = new Map<string, number>();
  keys.forEach((k, i) => {
    substitutions.set(exprText(k), i);
    // `GROUP BY host` also answers `t.host` and vice versa.
    if (k.kind === 'column') {
      if (!substitutions.has(k.name)) substitutions.set(k.name, i);
      const q = inputScope.fields.find((f) => f.name === k.name && (k.table === undefined || f.qualifier === k.table))?.qualifier;
      if (q) substitutions.set(`${q}.${k.name}`, i);
    }
  });
  calls.forEach((c, i) => substitutions.set(exprText(c), keys.length + i));
  return {
    relation: aggregate(input, keyC, aggCalls, fields, inputScope.ctx.exec),
    scope: { fields, ctx: inputScope.ctx, substitutions, grouped: true },
  };
}

/** Checks and binds one aggregate call over its input: arity, `*`, constant extra arguments, ORDER BY inside the call. */
export function bindAggregateCall(c: FunctionExpr, inputScope: Scope): AggregateCall {
  const fn = AGGREGATE_FUNCTIONS.get(c.name)!;
  if (c.args.length < fn.minArgs || c.args.length > fn.maxArgs) {
    throw new SqlPlanError(`${c.name}() takes ${fn.minArgs === fn.maxArgs ? fn.minArgs : `${fn.minArgs} to ${fn.maxArgs}`} arguments, got ${c.args.length}: ${fn.signature}`);
  }
  // `count()` counts rows, as count(*) does.
  const star = c.args[0]?.kind === 'star' || (c.name === 'count' && c.args.length === 0);
  if (star && c.name !== 'count') throw new SqlInvalidArgumentError(`${c.name}(*) is not valid; only count(*) takes '*'`);
  // Aggregates whose value comes last (`uddsketch_state(128, 0.01, x)`) see it as the first argument.
  const args = fn.valueArg === 'last' ? [c.args[c.args.length - 1]!, ...c.args.slice(0, -1)] : c.args;
  let arg = star ? undefined : compileExpr(args[0]!, inputScope);
  const firstType = arg?.type;
  // Two-column aggregates (corr, covar_*, regr_*) see each row as a pair [y, x], NULL when either is.
  if (fn.pairwise && arg) arg = pairOf(arg, compileExpr(args[1]!, inputScope), fn.name);
  const extra = args.slice(fn.pairwise ? 2 : 1).map((a) => {
    const x = compileExpr(a, inputScope);
    if (!x.constant) throw new SqlInvalidArgumentError(`${c.name}(): argument ${exprText(a)} must be a constant`);
    return x.constant.value;
  });
  // A pairwise aggregate is bound with its first argument's type (a weighted percentile answers in it).
  const bound = fn.bind(firstType ?? 'int64', extra);
  if (c.orderBy && c.orderBy.length > 0 && arg) {
    const keys = c.orderBy.map((k) => ({ expr: compileExpr(k.expr, inputScope), descending: k.descending, ...(k.nullsFirst !== undefined ? { nullsFirst: k.nullsFirst } : {}) }));
    return { bound: orderedAggregate(bound, keys, c.distinct, inputScope.ctx.exec), distinct: false, arg: orderedArgument(arg, keys) };
  }
  return { bound, distinct: c.distinct && !star, ...(arg ? { arg } : {}) };
}

function pairOf(y: Compiled, x: Compiled, name: string): Compiled {
  for (const t of [y.type, x.type]) if (!isNumericType(t) && t !== 'null') throw new SqlInvalidArgumentError(`${name}(): arguments must be numeric, got ${t}`);
  return {
    type: 'float64',
    eval: (b) => {
      const ys = y.eval(b);
      const xs = x.eval(b);
      return ys.map((v, i) => (v === null || xs[i] === null ? null : [Number(v), Number(xs[i])]));
    },
  };
}
