import type { Expr, InSubqueryExpr, SubqueryExpr } from '../ast/expr.js';
import type { FromSource, Query, SelectCore } from '../ast/query.js';
import { SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { collectBatches, single, type Batch, type Field } from '../expr/relation.js';
import { walkExpr } from '../expr/walk.js';
import { keyOf, valuesEqual } from '../types/compare.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';
import { note, type QueryEnv } from './env.js';
import { runQuery } from './plan-query.js';
import { sourceRelation, type Source } from './source.js';

type Sub = SubqueryExpr | InSubqueryExpr;

/** Names of the columns that carry correlated subquery answers (hidden from `*`). */
export const CORRELATED_PREFIX = '__correlated_';

/** Qualifiers a FROM clause introduces (table names and aliases). */
function qualifiersOf(f: FromSource | undefined, out = new Set<string>()): Set<string> {
  if (!f) return out;
  if (f.kind === 'table') out.add(f.alias ?? f.name);
  else if (f.kind === 'subquery') {
    if (f.alias) out.add(f.alias);
  } else {
    qualifiersOf(f.left, out);
    qualifiersOf(f.right, out);
  }
  return out;
}

/** Rebuilds plain AST objects (not values such as bigints or Uint8Arrays), replacing nodes `fn` answers for. */
function mapAst(x: unknown, fn: (node: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(x)) return x.map((y) => mapAst(y, fn));
  if (x === null || typeof x !== 'object' || Object.getPrototypeOf(x) !== Object.prototype) return x;
  const node = x as Record<string, unknown>;
  const hit = fn(node);
  if (hit !== undefined) return hit;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = mapAst(v, fn);
  return out;
}

/** Column references of `q` to the outer query: qualified by an outer table that `q`'s own FROM does not define. */
function outerRefs(q: Query, outer: ReadonlySet<string>): boolean {
  const inner = new Set<string>();
  for (const c of q.cores) qualifiersOf(c.from, inner);
  let found = false;
  mapAst(q, (n) => {
    if (n['kind'] === 'column' && typeof n['table'] === 'string' && outer.has(n['table']) && !inner.has(n['table'])) found = true;
    return undefined;
  });
  return found;
}

/** The subqueries of a core's select list and WHERE that read columns of the outer query. */
function correlatedOf(core: SelectCore, outer: ReadonlySet<string>): Sub[] {
  const out: Sub[] = [];
  const exprs = [...core.items.flatMap((i) => (i.kind === 'expr' ? [i.expr] : [])), ...(core.where ? [core.where] : [])];
  for (const e of exprs) walkExpr(e, (x) => void ((x.kind === 'subquery' || x.kind === 'in_subquery') && outerRefs(x.query, outer) && out.push(x)));
  return out;
}

/**
 * Correlated subqueries (`EXISTS (... WHERE i.k = o.k)`, `x = (SELECT max(..) ... WHERE i.k = o.k)`,
 * `x IN (SELECT ... WHERE ...o.k...)`): the outer rows are read once, each subquery runs once per
 * distinct set of outer values it reads (cached), and its answer becomes an extra column the rewritten
 * core reads instead. Undefined when the core has none.
 */
export async function withCorrelatedSubqueries(core: SelectCore, src: Source, env: QueryEnv): Promise<{ core: SelectCore; src: Source } | undefined> {
  const srcFields = src.kind === 'scan' ? src.fields : src.relation.fields;
  const outer = new Set(srcFields.flatMap((f) => (f.qualifier ? [f.qualifier] : [])));
  const subs = correlatedOf(core, outer);
  if (subs.length === 0) return undefined;
  const base = sourceRelation(src, env);
  const all = await collectBatches(base);
  const fieldIndex = (table: string, name: string) => base.fields.findIndex((f) => f.qualifier === table && f.name === name);
  const extra: SqlValue[][] = [];
  const extraFields: Field[] = [];
  for (const [k, sub] of subs.entries()) {
    const values = new Array<SqlValue>(all.length);
    const cache = new Map<string, { rows: SqlValue[]; type: SqlType }>();
    const operand = sub.kind === 'in_subquery' ? compileExpr(sub.operand, { fields: base.fields, ctx: env.ctx }).eval(all) : undefined;
    let type: SqlType = sub.kind === 'subquery' && !sub.exists ? 'null' : 'boolean';
    for (let i = 0; i < all.length; i++) {
      const bound: SqlValue[] = [];
      const q = mapAst(sub.query, (n) => {
        if (n['kind'] !== 'column' || typeof n['table'] !== 'string' || !outer.has(n['table'])) return undefined;
        const j = fieldIndex(n['table'], String(n['name']));
        if (j < 0) return undefined;
        bound.push(all.columns[j]![i]!);
        return { kind: 'value', value: all.columns[j]![i]!, type: base.fields[j]!.type };
      }) as Query;
      const key = bound.map(keyOf).join('\u001f');
      let res = cache.get(key);
      if (!res) {
        const rel = await runQuery(sub.kind === 'subquery' && sub.exists ? { ...q, limit: 1 } : q, env);
        if (rel.fields.length !== 1 && !(sub.kind === 'subquery' && sub.exists)) throw new SqlPlanError(`a correlated subquery must return one column, got ${rel.fields.length}`);
        const b = await collectBatches(rel);
        res = { rows: b.length > 0 && b.columns.length > 0 ? b.columns[0]!.slice() : new Array<SqlValue>(b.length).fill(null), type: rel.fields[0]?.type ?? 'null' };
        cache.set(key, res);
      }
      if (sub.kind === 'subquery' && sub.exists) values[i] = res.rows.length > 0;
      else if (sub.kind === 'subquery') {
        if (res.rows.length > 1) throw new SqlPlanError(`a scalar subquery returned ${res.rows.length} rows, expected at most one (line ${sub.pos.line}, column ${sub.pos.column})`);
        values[i] = res.rows[0] ?? null;
        if (type === 'null') type = res.type;
      } else {
        const x = operand![i]!;
        const found = x !== null && res.rows.some((v) => v !== null && valuesEqual(x, v));
        const unknown = x === null || (!found && res.rows.some((v) => v === null));
        values[i] = res.rows.length === 0 ? sub.negated : unknown ? null : found !== sub.negated;
      }
    }
    extra.push(values);
    extraFields.push({ name: `${CORRELATED_PREFIX}${k}`, type });
  }
  note(env, `Correlated subqueries: ${subs.length} (run per distinct outer row)`);
  const batch: Batch = { length: all.length, columns: [...all.columns, ...extra] };
  const fields = [...base.fields, ...extraFields];
  const rewritten = mapAst(core, (n) => {
    const k = subs.indexOf(n as unknown as Sub);
    return k < 0 ? undefined : ({ kind: 'column', name: `${CORRELATED_PREFIX}${k}`, pos: (n as unknown as Sub).pos } satisfies Expr);
  }) as SelectCore;
  return { core: rewritten, src: { kind: 'relation', relation: { fields, batches: single(batch) } } };
}
