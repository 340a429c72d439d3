import type { Expr, ExprKind, FunctionExpr, WindowSpec } from '../ast/expr.js';
import type { OrderKey } from '../ast/query.js';

type Fn = (e: Expr) => Expr;
type Mappers = { [K in ExprKind]: (e: Extract<Expr, { kind: K }>, f: Fn) => Expr };

const keys = (ks: readonly OrderKey[], f: Fn): OrderKey[] => ks.map((k) => ({ ...k, expr: f(k.expr) }));
const windowSpec = (w: WindowSpec, f: Fn): WindowSpec => ({ ...w, partitionBy: w.partitionBy.map(f), orderBy: keys(w.orderBy, f) });

const MAPPERS: Mappers = {
  literal: (e) => e,
  interval: (e) => e,
  timestamp_literal: (e) => e,
  column: (e) => e,
  star: (e) => e,
  value: (e) => e,
  subquery: (e) => e,
  unary: (e, f) => ({ ...e, operand: f(e.operand) }),
  binary: (e, f) => ({ ...e, left: f(e.left), right: f(e.right) }),
  between: (e, f) => ({ ...e, operand: f(e.operand), low: f(e.low), high: f(e.high) }),
  in_list: (e, f) => ({ ...e, operand: f(e.operand), list: e.list.map(f) }),
  like: (e, f) => ({ ...e, operand: f(e.operand), pattern: f(e.pattern) }),
  is_null: (e, f) => ({ ...e, operand: f(e.operand) }),
  function: (e, f): FunctionExpr => ({
    ...e,
    args: e.args.map(f),
    ...(e.orderBy ? { orderBy: keys(e.orderBy, f) } : {}),
    ...(e.over ? { over: windowSpec(e.over, f) } : {}),
    ...(e.withinGroup ? { withinGroup: { args: e.withinGroup.args.map(f), key: { ...e.withinGroup.key, expr: f(e.withinGroup.key.expr) } } } : {}),
  }),
  case: (e, f) => ({ ...e, ...(e.operand ? { operand: f(e.operand) } : {}), whens: e.whens.map((w) => ({ when: f(w.when), then: f(w.then) })), ...(e.otherwise ? { otherwise: f(e.otherwise) } : {}) }),
  cast: (e, f) => ({ ...e, operand: f(e.operand) }),
  in_subquery: (e, f) => ({ ...e, operand: f(e.operand) }),
};

/**
 * Rebuilds `e` bottom-up: children first, then `fn` on the node with its new children (subquery
 * bodies are left alone). Nodes `fn` returns unchanged are kept.
 */
export function mapExpr(e: Expr, fn: Fn): Expr {
  const inner = (MAPPERS[e.kind] as (x: Expr, f: Fn) => Expr)(e, (c) => mapExpr(c, fn));
  return fn(inner);
}
