import type { Expr, ExprKind } from '../ast/expr.js';

type ChildrenOf = { [K in ExprKind]: (e: Extract<Expr, { kind: K }>) => readonly Expr[] };

const CHILDREN: ChildrenOf = {
  literal: () => [],
  interval: () => [],
  timestamp_literal: () => [],
  column: () => [],
  star: () => [],
  unary: (e) => [e.operand],
  binary: (e) => [e.left, e.right],
  between: (e) => [e.operand, e.low, e.high],
  in_list: (e) => [e.operand, ...e.list],
  like: (e) => [e.operand, e.pattern],
  is_null: (e) => [e.operand],
  function: (e) => [...e.args, ...(e.orderBy ?? []).map((k) => k.expr), ...(e.over ? [...e.over.partitionBy, ...e.over.orderBy.map((k) => k.expr)] : [])],
  case: (e) => [...(e.operand ? [e.operand] : []), ...e.whens.flatMap((w) => [w.when, w.then]), ...(e.otherwise ? [e.otherwise] : [])],
  cast: (e) => [e.operand],
  subquery: () => [],
  in_subquery: (e) => [e.operand],
  value: () => [],
};

export function childrenOf(e: Expr): readonly Expr[] {
  return (CHILDREN[e.kind] as (x: Expr) => readonly Expr[])(e);
}

/** Visits `e` and its sub-expressions depth-first; return false from `fn` to skip a node's children. */
export function walkExpr(e: Expr, fn: (e: Expr) => boolean | void): void {
  if (fn(e) === false) return;
  for (const c of childrenOf(e)) walkExpr(c, fn);
}

/** Splits `a AND b AND c` into its conjuncts. */
export function conjuncts(e: Expr | undefined): Expr[] {
  if (e === undefined) return [];
  if (e.kind === 'binary' && e.op === 'and') return [...conjuncts(e.left), ...conjuncts(e.right)];
  return [e];
}

export function andAll(es: readonly Expr[]): Expr | undefined {
  if (es.length === 0) return undefined;
  return es.reduce((a, b) => ({ kind: 'binary', op: 'and', left: a, right: b }));
}
