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
      if (from.db === undefined && env.ctes.has(from.name)) {
        const rel = await runQuery(env.ctes.get(from.name)!, env);
        return { kind: 'relation', relation: requalify(rel, qualifier) };
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
      return { kind: 'scan', table, qualifier, fields: scanFields(table, qualifier) };
    }
    case 'subquery': {
      const rel = await runQuery(from.query, env);
      return { kind: 'relation', relation: from.alias ? requalify(rel, from.alias) : rel };
    }
    case 'join': {
      const left = sourceRelation(await resolveSource(from.left, env), env);
      const right = sourceRelation(await resolveSource(from.right, env), env);
      if (from.joinType === 'cross') {
        note(env, 'CrossJoin');
        return { kind: 'relation', relation: crossJoin(left, right, env.ctx.exec) };
      }
      if (from.joinType === 'right') {
        // A right join is the left join with the sides swapped, columns put back in FROM order.
        const swapped = planJoin(right, left, 'left', from.on!, env);
        const nr = right.fields.length;
        const order = [...left.fields.map((_, i) => nr + i), ...right.fields.map((_, i) => i)];
        return { kind: 'relation', relation: project(swapped, [...left.fields, ...right.fields], order.map((i) => ({ type: swapped.fields[i]!.type, eval: (b: Batch) => b.columns[i]! }))) };
      }
      return { kind: 'relation', relation: planJoin(left, right, from.joinType, from.on!, env) };
    }
  }
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

function planJoin(left: Relation, right: Relation, joinType: 'inner' | 'left' | 'full', on: Expr, env: QueryEnv): Relation {
  const leftKeys: Expr[] = [];
  const rightKeys: Expr[] = [];
  const residual: Expr[] = [];
  for (const c of conjuncts(on)) {
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
  if (leftKeys.length === 0) {
    throw new SqlUnsupportedError('joins need at least one equality between a column of each side in ON (only equi-joins are supported)');
  }
  const scopeOf = (r: Relation) => ({ fields: r.fields, ctx: env.ctx });
  const joinedFields = [...left.fields, ...right.fields];
  const rest = andAll(residual);
  const residualC = rest ? compileExpr(rest, { fields: joinedFields, ctx: env.ctx }) : undefined;
  if (residualC && residualC.type !== 'boolean' && residualC.type !== 'null') throw new SqlPlanError('join condition must be boolean');
  note(env, `HashJoin: ${joinType} on [${leftKeys.map((k, i) => `${exprText(k)} = ${exprText(rightKeys[i]!)}`).join(', ')}]${rest ? ` filter=${exprText(rest)}` : ''}`);
  return hashJoin(left, right, {
    joinType,
    leftKeys: leftKeys.map((k) => compileExpr(k, scopeOf(left))),
    rightKeys: rightKeys.map((k) => compileExpr(k, scopeOf(right))),
    ...(residualC ? { residual: residualC } : {}),
  }, env.ctx.exec);
}
