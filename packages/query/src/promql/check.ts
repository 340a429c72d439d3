import { COMPARISON_OPS, SET_OPS, type Expr, type ExprKind, type ValueType } from './ast.js';
import { PromqlSyntaxError } from './errors.js';
import { FUNCTIONS } from './functions/registry.js';
import { compileMatcher } from './matchers.js';

/** Prometheus's names for value types in messages. */
export function typeName(t: ValueType): string {
  return t === 'vector' ? 'instant vector' : t === 'matrix' ? 'range vector' : t;
}

const fail = (msg: string): never => {
  throw new PromqlSyntaxError(undefined, msg);
};

type Checker = { readonly [K in ExprKind]: (e: Extract<Expr, { kind: K }>) => ValueType };

const CHECK: Checker = {
  number: () => 'scalar',
  string: () => 'string',
  paren: (e) => checkExpr(e.expr),
  vector_selector: (e) => {
    if (!e.matchers.some((m) => !compileMatcher(m).test(''))) fail('vector selector must contain at least one non-empty matcher');
    return 'vector';
  },
  matrix_selector: (e) => {
    CHECK.vector_selector(e.selector);
    return 'matrix';
  },
  subquery: (e) => {
    const t = checkExpr(e.expr);
    if (t !== 'vector') fail(`subquery is only allowed on instant vector, got ${typeName(t)} instead`);
    return 'matrix';
  },
  unary: (e) => {
    const t = checkExpr(e.expr);
    if (t !== 'scalar' && t !== 'vector') fail(`unary expression only allowed on expressions of type scalar or instant vector, got "${typeName(t)}"`);
    return t;
  },
  call: (e) => {
    const f = FUNCTIONS.get(e.func);
    if (!f) return fail(`unknown function with name ${JSON.stringify(e.func)}`);
    const n = e.args.length;
    if (f.variadic === 0 && n !== f.args.length) fail(`expected ${f.args.length} argument(s) in call to "${f.name}", got ${n}`);
    if (f.variadic > 0 && (n < f.args.length - f.variadic || n > f.args.length)) {
      fail(`expected at least ${f.args.length - f.variadic} argument(s) in call to "${f.name}", got ${n}`);
    }
    if (f.variadic < 0 && n < f.args.length - 1) fail(`expected at least ${f.args.length - 1} argument(s) in call to "${f.name}", got ${n}`);
    e.args.forEach((a, i) => {
      const want = f.args[Math.min(i, f.args.length - 1)]!;
      const got = checkExpr(a);
      if (got !== want) fail(`expected type ${typeName(want)} in call to function "${f.name}", got ${typeName(got)}`);
    });
    return f.returns;
  },
  aggregate: (e) => {
    const t = checkExpr(e.expr);
    if (t !== 'vector') fail(`expected type instant vector in aggregation expression, got ${typeName(t)}`);
    if (e.param) {
      const pt = checkExpr(e.param);
      const want = e.op === 'count_values' ? 'string' : 'scalar';
      if (pt !== want) fail(`expected type ${typeName(want)} in aggregation parameter, got ${typeName(pt)}`);
    }
    return 'vector';
  },
  binary: (e) => {
    const l = checkExpr(e.lhs);
    const r = checkExpr(e.rhs);
    if ((l !== 'scalar' && l !== 'vector') || (r !== 'scalar' && r !== 'vector')) fail('binary expression must contain only scalar and instant vector types');
    if (e.returnBool && !COMPARISON_OPS.has(e.op)) fail('bool modifier can only be used on comparison operators');
    if (COMPARISON_OPS.has(e.op) && l === 'scalar' && r === 'scalar' && !e.returnBool) fail('comparisons between scalars must use BOOL modifier');
    if (SET_OPS.has(e.op) && (l !== 'vector' || r !== 'vector')) fail(`set operator "${e.op}" not allowed in binary scalar expression`);
    if (e.matching?.explicit && (l !== 'vector' || r !== 'vector')) fail('vector matching only allowed between instant vectors');
    if (e.matching && SET_OPS.has(e.op) && (e.matching.card === 'many-to-one' || e.matching.card === 'one-to-many')) fail(`no grouping allowed for "${e.op}" operation`);
    if (e.matching?.on) for (const l2 of e.matching.include) if (e.matching.labels.includes(l2)) fail(`label "${l2}" must not occur in ON and GROUP clause at once`);
    return l === 'vector' || r === 'vector' ? 'vector' : 'scalar';
  },
};

export function checkExpr(e: Expr): ValueType {
  return (CHECK[e.kind] as (x: Expr) => ValueType)(e);
}
