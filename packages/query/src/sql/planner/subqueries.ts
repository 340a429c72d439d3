import type { Expr, ExprKind } from '../ast/expr.js';
import type { Query, SelectCore } from '../ast/query.js';
import { SqlPlanError } from '../errors.js';
import { collectBatches } from '../expr/relation.js';
import { walkExpr } from '../expr/walk.js';
import { note, type QueryEnv } from './env.js';
import { runQuery } from './plan-query.js';

type Rewriters = { [K in ExprKind]: (e: Extract<Expr, { kind: K }>, env: QueryEnv) => Promise<Expr> };

const same = async (e: Expr) => e;
const all = (es: readonly Expr[], env: QueryEnv) => Promise.all(es.map((x) => resolveSubqueries(x, env)));

/** Every node kind: how to rebuild it with its sub-expressions rewritten. */
const REWRITE: Rewriters = {
  literal: same, interval: same, timestamp_literal: same, column: same, star: same, value: same,
  unary: async (e, env) => ({ ...e, operand: await resolveSubqueries(e.operand, env) }),
  binary: async (e, env) => ({ ...e, left: await resolveSubqueries(e.left, env), right: await resolveSubqueries(e.right, env) }),
  between: async (e, env) => {
    const [operand, low, high] = await all([e.operand, e.low, e.high], env);
    return { ...e, operand: operand!, low: low!, high: high! };
  },
  in_list: async (e, env) => ({ ...e, operand: await resolveSubqueries(e.operand, env), list: await all(e.list, env) }),
  like: async (e, env) => ({ ...e, operand: await resolveSubqueries(e.operand, env), pattern: await resolveSubqueries(e.pattern, env) }),
  is_null: async (e, env) => ({ ...e, operand: await resolveSubqueries(e.operand, env) }),
  function: async (e, env) => ({ ...e, args: await all(e.args, env) }),
  case: async (e, env) => ({
    ...e,
    ...(e.operand ? { operand: await resolveSubqueries(e.operand, env) } : {}),
    whens: await Promise.all(e.whens.map(async (w) => ({ when: await resolveSubqueries(w.when, env), then: await resolveSubqueries(w.then, env) }))),
    ...(e.otherwise ? { otherwise: await resolveSubqueries(e.otherwise, env) } : {}),
  }),
  cast: async (e, env) => ({ ...e, operand: await resolveSubqueries(e.operand, env) }),
  // A scalar subquery: one column, at most one row (NULL when empty).
  subquery: async (e, env) => {
    const rel = await runSubquery(e.query, env);
    if (rel.fields.length !== 1) throw new SqlPlanError(`a scalar subquery must return one column, got ${rel.fields.length} (line ${e.pos.line}, column ${e.pos.column})`);
    const b = await collectBatches(rel, env.ctx.exec, 'scalar subquery');
    if (b.length > 1) throw new SqlPlanError(`a scalar subquery returned ${b.length} rows, expected at most one (line ${e.pos.line}, column ${e.pos.column})`);
    return { kind: 'value', value: b.length === 0 ? null : b.columns[0]![0]!, type: rel.fields[0]!.type };
  },
  // `x IN (SELECT ...)`: the subquery's values become a list.
  in_subquery: async (e, env) => {
    const rel = await runSubquery(e.query, env);
    if (rel.fields.length !== 1) throw new SqlPlanError(`IN (subquery) must return one column, got ${rel.fields.length} (line ${e.pos.line}, column ${e.pos.column})`);
    const b = await collectBatches(rel, env.ctx.exec, 'IN (subquery)');
    const type = rel.fields[0]!.type;
    const operand = await resolveSubqueries(e.operand, env);
    if (b.length === 0) return { kind: 'value', value: e.negated, type: 'boolean' };
    return { kind: 'in_list', operand, list: b.columns[0]!.map((value) => ({ kind: 'value', value, type })), negated: e.negated };
  },
};

/** Plans a subquery; under EXPLAIN its operators are listed, indented, under a `Subquery:` line. */
async function runSubquery(q: Query, env: QueryEnv) {
  if (!env.explain) return runQuery(q, env);
  const inner: string[] = [];
  const rel = await runQuery(q, { ...env, explain: inner });
  for (const line of inner) note(env, `  ${line}`);
  note(env, 'Subquery:');
  return rel;
}

/** Runs the uncorrelated subqueries of an expression and puts their results in place. */
export async function resolveSubqueries(e: Expr, env: QueryEnv): Promise<Expr> {
  return (REWRITE[e.kind] as (x: Expr, env: QueryEnv) => Promise<Expr>)(e, env);
}

function hasSubquery(e: Expr | undefined): boolean {
  let found = false;
  if (e) walkExpr(e, (x) => void ((x.kind === 'subquery' || x.kind === 'in_subquery') && (found = true)));
  return found;
}

/** A SELECT core with the subqueries of its select list, WHERE and HAVING evaluated. */
export async function withSubqueriesResolved(core: SelectCore, env: QueryEnv): Promise<SelectCore> {
  const exprs = [...core.items.flatMap((i) => (i.kind === 'expr' ? [i.expr] : [])), core.where, core.having];
  if (!exprs.some(hasSubquery)) return core;
  const items = await Promise.all(core.items.map(async (i) => (i.kind === 'expr' ? { ...i, expr: await resolveSubqueries(i.expr, env) } : i)));
  return {
    ...core,
    items,
    ...(core.where ? { where: await resolveSubqueries(core.where, env) } : {}),
    ...(core.having ? { having: await resolveSubqueries(core.having, env) } : {}),
  };
}
