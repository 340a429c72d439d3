import { SET_OPS, type AtModifier, type Expr, type ExprKind, type LabelMatcher } from './ast.js';
import { checkExpr } from './check.js';
import { FUNCTIONS } from './functions/registry.js';
import { formatPromValue } from './format-value.js';

/** The JSON tree of Prometheus's `/api/v1/parse_query` (web/api/v1/translate_ast.go), Prometheus 2 fields only. */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const matchers = (ms: readonly LabelMatcher[]): Json => ms.map((m) => ({ type: m.op, name: m.name, value: m.value }));
const timestamp = (at: AtModifier | undefined): Json => (at?.kind === 'time' ? at.ms : null);
const startOrEnd = (at: AtModifier | undefined): Json => (at && at.kind !== 'time' ? at.kind : null);

type Translator = { readonly [K in ExprKind]: (e: Extract<Expr, { kind: K }>) => Json };

const T: Translator = {
  aggregate: (e) => ({ type: 'aggregation', op: e.op, expr: translateAst(e.expr), param: e.param ? translateAst(e.param) : null, grouping: [...e.grouping], without: e.without }),
  binary: (e) => {
    const vectors = checkExpr(e.lhs) === 'vector' && checkExpr(e.rhs) === 'vector';
    const m = e.matching;
    const card = SET_OPS.has(e.op) ? 'many-to-many' : (m?.card ?? 'one-to-one');
    return {
      type: 'binaryExpr', op: e.op, lhs: translateAst(e.lhs), rhs: translateAst(e.rhs),
      matching: vectors ? { card, labels: [...(m?.labels ?? [])], on: m?.on ?? false, include: [...(m?.include ?? [])] } : null,
      bool: e.returnBool,
    };
  },
  call: (e) => {
    const f = FUNCTIONS.get(e.func)!;
    return { type: 'call', func: { name: f.name, argTypes: [...f.args], variadic: f.variadic, returnType: f.returns }, args: e.args.map(translateAst) };
  },
  matrix_selector: (e) => ({
    type: 'matrixSelector', name: e.selector.name ?? '', range: e.rangeMs, offset: e.selector.offsetMs,
    matchers: matchers(e.selector.matchers), timestamp: timestamp(e.selector.at), startOrEnd: startOrEnd(e.selector.at),
  }),
  subquery: (e) => ({ type: 'subquery', expr: translateAst(e.expr), range: e.rangeMs, offset: e.offsetMs, step: e.stepMs, timestamp: timestamp(e.at), startOrEnd: startOrEnd(e.at) }),
  number: (e) => ({ type: 'numberLiteral', val: formatPromValue(e.value) }),
  paren: (e) => ({ type: 'parenExpr', expr: translateAst(e.expr) }),
  string: (e) => ({ type: 'stringLiteral', val: e.value }),
  unary: (e) => ({ type: 'unaryExpr', op: e.op, expr: translateAst(e.expr) }),
  vector_selector: (e) => ({ type: 'vectorSelector', name: e.name ?? '', offset: e.offsetMs, matchers: matchers(e.matchers), timestamp: timestamp(e.at), startOrEnd: startOrEnd(e.at) }),
};

export function translateAst(e: Expr): Json {
  return (T[e.kind] as (x: Expr) => Json)(e);
}
