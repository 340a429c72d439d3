import { engineTypeOf } from '../types/logical-type.js';
import type { TableInfo } from '@sluice/storage';
import type { Expr } from '../ast/expr.js';
import type { FromSource } from '../ast/query.js';
import { DatabaseNotFoundError, SqlPlanError, SqlUnsupportedError, TableNotFoundError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { exprText } from '../expr/print.js';
import { single, type Batch, type Field, type Relation } from '../expr/relation.js';
import { conjuncts, andAll, walkExpr } from '../expr/walk.js';
import { INFORMATION_SCHEMA, virtualBatch } from '../catalog/information-schema.js';
import { builtinTable } from '../catalog/builtin-tables.js';
import { hashJoin } from '../operators/hash-join.js';
import { crossJoin } from '../operators/cross-join.js';
import { project } from '../operators/project.js';
import { scan } from '../operators/scan.js';
import { note, type QueryEnv } from './env.js';
import { runQuery } from './plan-query.js';

/** A FROM item: either a table scan still open to pushdown, or a finished relation. */
export type Source =
  | { readonly kind: 'scan'; readonly table: TableInfo; readonly qualifier: string; readonly fields: readonly Field[] }
  | { readonly kind: 'relation'; readonly relation: Relation };

export function resolveTable(env: QueryEnv, db: string | undefined, name: string): TableInfo {
  const d = db ?? env.db;
  if (d === INFORMATION_SCHEMA) throw new SqlUnsupportedError(`${INFORMATION_SCHEMA}.${name} is a virtual table: query it with SELECT`);
  const t = env.store.getTable(d, name);
  if (t) return t;
  if (!env.store.listDatabases().includes(d)) throw new DatabaseNotFoundError(d);
  throw new TableNotFoundError(d, name);
}

export function scanFields(t: TableInfo, qualifier: string): Field[] {
  return t.columns.map((c) => ({ name: c.name, qualifier, type: engineTypeOf(c), ...(c.name === t.timeIndex ? { timeIndex: true as const } : {}) }));
}

/** Opens a source as a relation with every column (used for joins and as the fallback). */
export function sourceRelation(src: Source, env: QueryEnv, columns?: readonly string[]): Relation {
  if (src.kind === 'relation') return src.relation;
  const cols = columns ?? src.table.columns.map((c) => c.name);
  note(env, `Scan: ${src.table.db}.${src.table.name} columns=[${cols.join(', ')}]`);
  const fields = cols.map((n) => src.fields.find((f) => f.name === n)!);
  return scan(env.store, { db: src.table.db, table: src.table.name, columns: cols }, fields, env.ctx.exec);
}

/**
 * `limit`: the LIMIT (+ OFFSET) of a plain `SELECT ... FROM t LIMIT n` (no filter, grouping or order),
 * pushed into the scan as DataFusion does; `public.numbers` produces that many rows (100 without one).
 */
export async function resolveSource(from: FromSource, env: QueryEnv, limit?: number): Promise<Source> {
  switch (from.kind) {
    case 'table': {
      const qualifier = from.alias ?? from.name;
      const def = from.db === undefined ? env.ctes.get(from.name) : undefined;
      if (def) {
        const rel = await runQuery(def.cte.query, { ...env, ctes: def.visible });
        const named = def.cte.columns ? renamed(rel, def.cte.columns) : rel;
        return { kind: 'relation', relation: requalify(from.columns ? renamed(named, from.columns) : named, qualifier) };
      }
      const vdb = from.db ?? env.db;
      const vt = builtinTable(env.store, vdb, from.name);
      if (vt !== undefined) {
        const fields = vt.fields.map((f) => ({ ...f, qualifier }));
        note(env, `Values: ${vdb}.${from.name}`);
        return { kind: 'relation', relation: { fields, batches: single(virtualBatch(vt, env.store, limit, env.ctx.exec)) } };
      }
      if (vdb === INFORMATION_SCHEMA) throw new TableNotFoundError(INFORMATION_SCHEMA, from.name);
      const table = resolveTable(env, from.db, from.name);
      const scanned: Source = { kind: 'scan', table, qualifier, fields: scanFields(table, qualifier) };
      return from.columns ? { kind: 'relation', relation: renamed(sourceRelation(scanned, env), from.columns) } : scanned;
    }
    case 'subquery': {
      const rel = await runQuery(from.query, env);
      const named = from.alias ? requalify(rel, from.alias) : rel;
      return { kind: 'relation', relation: from.columns ? renamed(named, from.columns) : named };
    }
    case 'join': {
      const left = sourceRelation(await resolveSource(from.left, env), env);
      const right = sourceRelation(await resolveSource(from.right, env), env);
      if (from.joinType === 'cross') {
        note(env, 'CrossJoin');
        return { kind: 'relation', relation: crossJoin(left, right, env.ctx.exec) };
      }
      const using = from.natural ? commonNames(left, right) : from.using;
      if (from.natural && using!.length === 0) {
        note(env, 'CrossJoin (NATURAL JOIN without common columns)');
        return { kind: 'relation', relation: crossJoin(left, right, env.ctx.exec) };
      }
      const keys = using ? usingKeys(using, left, right, env) : undefined;
      if (from.joinType === 'right') {
        // A right join is the left join with the sides swapped, columns put back in FROM order.
        const swapped = planJoin(right, left, 'left', from.on!, env, keys && { left: keys.right, right: keys.left });
        const nr = right.fields.length;
        const order = [...left.fields.map((_, i) => nr + i), ...right.fields.map((_, i) => i)];
        const joined = project(swapped, [...left.fields, ...right.fields], order.map((i) => ({ type: swapped.fields[i]!.type, eval: (b: Batch) => b.columns[i]! })));
        return { kind: 'relation', relation: using ? usingColumns(joined, using, left.fields.length, 'right', env) : joined };
      }
      const joined = planJoin(left, right, from.joinType, from.on!, env, keys);
      return { kind: 'relation', relation: using ? usingColumns(joined, using, left.fields.length, from.joinType === 'full' ? 'full' : 'left', env) : joined };
    }
  }
}

/** `AS t(a, b)`: the first columns renamed in order (more names than columns is an error). */
function renamed(rel: Relation, names: readonly string[]): Relation {
  if (names.length > rel.fields.length) throw new SqlPlanError(`Source table contains ${rel.fields.length} columns but ${names.length} names given as column alias`);
  return { fields: rel.fields.map((f, i) => (i < names.length ? { ...f, name: names[i]! } : f)), batches: rel.batches };
}

/** NATURAL JOIN's columns: the names both sides show (in the left side's order). */
function commonNames(left: Relation, right: Relation): string[] {
  const visible = (r: Relation) => r.fields.filter((f) => !f.usingCopy).map((f) => f.name);
  const rightNames = new Set(visible(right));
  return [...new Set(visible(left).filter((n) => rightNames.has(n)))];
}

/** USING's columns resolved on each side by name: the join's equality keys. */
function usingKeys(names: readonly string[], left: Relation, right: Relation, env: QueryEnv): { left: Expr[]; right: Expr[] } {
  const on = (r: Relation, side: string) => names.map((name): Expr => {
    const col: Expr = { kind: 'column', name, pos: { line: 0, column: 0 } };
    try {
      compileExpr(col, { fields: r.fields, ctx: env.ctx });
    } catch (e) {
      throw e instanceof SqlPlanError ? new SqlPlanError(`USING column ${name} is not on the ${side} side of the join: ${e.message}`) : e;
    }
    return col;
  });
  return { left: on(left, 'left'), right: on(right, 'right') };
}

/**
 * After `JOIN ... USING (c)` the column appears once: the copy of the side whose value it is (the left,
 * the right for RIGHT JOIN) stays visible, the other is marked; FULL JOIN's visible copy is COALESCE(left, right).
 */
function usingColumns(rel: Relation, names: readonly string[], nl: number, keep: 'left' | 'right' | 'full', env: QueryEnv): Relation {
  const pairs = names.map((name) => {
    const n = name.toLowerCase();
    const l = rel.fields.findIndex((f, i) => i < nl && f.name.toLowerCase() === n && !f.usingCopy);
    const r = rel.fields.findIndex((f, i) => i >= nl && f.name.toLowerCase() === n && !f.usingCopy);
    return [l, r] as const;
  });
  const hidden = new Set(pairs.map(([l, r]) => (keep === 'right' ? l : r)));
  const fields = rel.fields.map((f, i) => (hidden.has(i) ? { ...f, usingCopy: true as const } : f));
  if (keep !== 'full') return { fields, batches: rel.batches };
  note(env, `Projection: USING ${names.join(', ')} as COALESCE(left, right)`);
  const coalesced = new Map(pairs.map(([l, r]) => [l, r]));
  return project(rel, fields, rel.fields.map((f, i) => {
    const r = coalesced.get(i);
    if (r === undefined) return { type: f.type, eval: (b: Batch) => b.columns[i]! };
    return { type: f.type, eval: (b: Batch) => b.columns[i]!.map((v, j) => (v === null ? b.columns[r]![j]! : v)) };
  }));
}

function requalify(rel: Relation, qualifier: string): Relation {
  return { fields: rel.fields.map((f) => ({ ...f, qualifier })), batches: rel.batches };
}

/** Which side's fields an expression reads: 'left', 'right', 'both' or 'none'. */
function sideOf(e: Expr, left: Relation, right: Relation, env: QueryEnv): 'left' | 'right' | 'both' | 'none' {
  const canCompile = (fields: readonly Field[]) => {
    try {
      compileExpr(e, { fields, ctx: env.ctx });
      return true;
    } catch {
      return false;
    }
  };
  let reads = false;
  walkExpr(e, (x) => void (x.kind === 'column' && (reads = true)));
  if (!reads) return 'none';
  const l = canCompile(left.fields);
  const r = canCompile(right.fields);
  return l && !r ? 'left' : r && !l ? 'right' : 'both';
}

function planJoin(left: Relation, right: Relation, joinType: 'inner' | 'left' | 'full', on: Expr, env: QueryEnv, using?: { left: Expr[]; right: Expr[] }): Relation {
  const leftKeys: Expr[] = [...(using?.left ?? [])];
  const rightKeys: Expr[] = [...(using?.right ?? [])];
  const residual: Expr[] = [];
  for (const c of using ? [] : conjuncts(on)) {
    if (c.kind === 'binary' && c.op === '=') {
      const a = sideOf(c.left, left, right, env);
      const b = sideOf(c.right, left, right, env);
      if (a === 'left' && b === 'right') {
        leftKeys.push(c.left);
        rightKeys.push(c.right);
        continue;
      }
      if (a === 'right' && b === 'left') {
        leftKeys.push(c.right);
        rightKeys.push(c.left);
        continue;
      }
    }
    residual.push(c);
  }
  // Without an equality every left row meets every right row and the condition filters the pairs (a
  // nested-loop join: one bucket, the pairs made in bounded chunks, the right side held in the budget).
  const scopeOf = (r: Relation) => ({ fields: r.fields, ctx: env.ctx });
  const joinedFields = [...left.fields, ...right.fields];
  const rest = andAll(residual);
  const residualC = rest ? compileExpr(rest, { fields: joinedFields, ctx: env.ctx }) : undefined;
  if (residualC && residualC.type !== 'boolean' && residualC.type !== 'null') throw new SqlPlanError('join condition must be boolean');
  note(env, `${leftKeys.length === 0 ? 'NestedLoopJoin' : 'HashJoin'}: ${joinType} on [${leftKeys.map((k, i) => `${exprText(k)} = ${exprText(rightKeys[i]!)}`).join(', ')}]${rest ? ` filter=${exprText(rest)}` : ''}`);
  return hashJoin(left, right, {
    joinType,
    leftKeys: leftKeys.map((k) => compileExpr(k, scopeOf(left))),
    rightKeys: rightKeys.map((k) => compileExpr(k, scopeOf(right))),
    ...(residualC ? { residual: residualC } : {}),
  }, env.ctx.exec);
}
