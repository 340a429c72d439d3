import type { Query } from '../ast/query.js';
import { ColumnNotFoundError, SqlPlanError } from '../errors.js';
import { distinct } from '../operators/distinct.js';
import { exprText } from '../expr/print.js';
import type { Batch, Relation } from '../expr/relation.js';
import type { Scope } from '../expr/scope.js';
import { compileExpr } from '../expr/compile.js';
import { limit } from '../operators/limit.js';
import { project } from '../operators/project.js';
import { castTo } from '../expr/coerce.js';
import type { Compiled } from '../expr/compiled.js';
import { sort, type SortKey } from '../operators/sort.js';
import { unionAll } from '../operators/union-all.js';
import { note, type QueryEnv } from './env.js';
import { planSelect } from './plan-select.js';
import { resolveLimitExprs } from './limit-expr.js';

/** Plans a full query: CTEs become visible names, UNION ALL concatenates cores, then ORDER BY / LIMIT apply. */
export async function runQuery(q0: Query, outer: QueryEnv): Promise<Relation> {
  const q = await resolveLimitExprs(q0, outer, async (sub) => (await runQuery(sub, outer)).fields[0]?.type ?? 'null');
  let env = outer;
  if (q.with.length > 0) {
    const ctes = new Map(outer.ctes);
    for (const c of q.with) {
      // A name is defined once (also against the WITH of an enclosing query), and a body never sees its own name.
      if (ctes.has(c.name)) throw new SqlPlanError(`WITH query name "${c.name}" specified more than once`);
      ctes.set(c.name, { cte: c, visible: new Map(ctes) });
    }
    env = { ...outer, ctes };
  }
  if (q.cores.length === 1) return planSelect(q.cores[0]!, q.orderBy, q.limit, q.offset, env);
  const parts = await Promise.all(q.cores.map((c) => planSelect(c, [], undefined, undefined, env)));
  const width = parts[0]!.fields.length;
  parts.forEach((p, i) => {
    if (p.fields.length !== width) throw new SqlPlanError(`UNION ALL: select ${i + 1} has ${p.fields.length} columns, the first has ${width}`);
  });
  const inputs = parts.map((p, i) => (i === 0 ? p : castLike(p, parts[0]!, env)));
  // Left to right: UNION ALL appends, UNION (DISTINCT) then drops the repeated rows of everything so far.
  let pending: Relation[] = [inputs[0]!];
  for (let i = 1; i < inputs.length; i++) {
    pending.push(inputs[i]!);
    if (q.unions?.[i - 1] === 'distinct') {
      note(env, `UnionAll: ${pending.length} inputs, then Distinct`);
      pending = [distinct(unionAll(pending), undefined, env.ctx.exec)];
    }
  }
  if (pending.length > 1) note(env, `UnionAll: ${pending.length} inputs`);
  let rel = pending.length > 1 ? unionAll(pending) : pending[0]!;
  const deduplicated = q.unions?.includes('distinct') === true;
  if (q.orderBy.length > 0) {
    const scope: Scope = { fields: rel.fields, ctx: env.ctx };
    const keys: SortKey[] = q.orderBy.map((k) => {
      const e = k.expr;
      if (e.kind === 'literal' && typeof e.value === 'number') {
        const i = e.value - 1;
        if (!(i >= 0 && i < width)) throw new SqlPlanError(`ORDER BY position ${e.value} is not in select list (1 to ${width})`);
        return { expr: { type: rel.fields[i]!.type, eval: (b: Batch) => b.columns[i]! }, descending: k.descending, ...(k.nullsFirst !== undefined ? { nullsFirst: k.nullsFirst } : {}) };
      }
      try {
        return { expr: compileExpr(e, scope), descending: k.descending, ...(k.nullsFirst !== undefined ? { nullsFirst: k.nullsFirst } : {}) };
      } catch (err) {
        // Over a UNION's distinct rows, a key must be one of its output columns (as for SELECT DISTINCT).
        if (deduplicated && err instanceof ColumnNotFoundError) throw new SqlPlanError(`For SELECT DISTINCT, ORDER BY expressions ${exprText(e)} must appear in select list`);
        throw err;
      }
    });
    rel = sort(rel, keys, q.limit === undefined ? undefined : q.limit + (q.offset ?? 0), env.ctx.exec);
  }
  if (q.limit !== undefined || q.offset !== undefined) note(env, `Limit: ${q.limit ?? 'all'}${q.offset ? ` offset=${q.offset}` : ''}`);
  return limit(rel, q.limit, q.offset);
}

/** Casts the columns of a later UNION ALL input to the first input's types (names come from the first). */
function castLike(rel: Relation, first: Relation, env: QueryEnv): Relation {
  const targets = first.fields.map((f, i) => {
    const from = rel.fields[i]!.type;
    return f.type === from || f.type === 'null' || f.type === 'interval' || from === 'null' ? undefined : f.type;
  });
  if (targets.every((t) => t === undefined)) return rel;
  const exprs = rel.fields.map((f, i): Compiled => {
    const col: Compiled = { type: f.type, eval: (b: Batch) => b.columns[i]! };
    const to = targets[i];
    if (to === undefined) return col;
    if (f.type === 'interval') throw new SqlPlanError(`UNION ALL: column ${i + 1} is an interval in one input and ${to} in the first`);
    return castTo(col, to, env.ctx.timezone);
  });
  return project(rel, first.fields, exprs);
}
