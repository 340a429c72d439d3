import type { Predicate } from '@sluice/storage';
import type { Value } from '@sluice/pipeline-core';
import type { DeleteStatement } from '../ast/statement.js';
import { SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { collectBatches } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import { filter } from '../operators/filter.js';
import { scan } from '../operators/scan.js';
import { pushDown } from '../planner/pushdown.js';
import { resolveTable, scanFields } from '../planner/source.js';
import { andAll } from '../expr/walk.js';
import { affected, queryEnv, type Executor } from './session.js';

/**
 * DELETE FROM t [WHERE ...]. A WHERE the store can apply exactly goes down in one call; otherwise the
 * matching rows are found by a scan and deleted by their values (time index, tags and fields).
 */
export const executeDelete: Executor<DeleteStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  const fields = scanFields(t, t.name);
  if (stmt.where) {
    const c = compileExpr(stmt.where, { fields, ctx: s.ctx });
    if (c.type !== 'boolean' && c.type !== 'null') throw new SqlPlanError(`DELETE WHERE must be a boolean expression, got ${c.type}`);
  }
  const { predicates, timeRange, rest } = pushDown(stmt.where, t, t.name, s.ctx);
  const narrowed = { ...(predicates.length > 0 ? { predicates } : {}), ...(timeRange ? { timeRange } : {}) };
  if (rest.length === 0) return affected(await s.store.deleteRows({ db: t.db, table: t.name, ...narrowed }));
  // Rows are identified by all their comparable values, not only the key: append-mode tables may hold
  // several rows with the same tags and time, and only the matching ones may go.
  const keyCols = t.columns.filter((c) => c.type !== 'json' && c.type !== 'binary').map((c) => c.name);
  const scanCols = t.columns.map((c) => c.name);
  const rel = filter(scan(s.store, { db: t.db, table: t.name, columns: scanCols, ...narrowed }, fields, s.ctx.exec), compileExpr(andAll(rest)!, { fields, ctx: s.ctx }));
  const rows = await collectBatches(rel, s.ctx.exec, 'DELETE');
  const idx = keyCols.map((k) => scanCols.indexOf(k));
  const seen = new Set<string>();
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const vals = idx.map((j) => rows.columns[j]![i]!);
    const k = vals.map(keyOf).join('\u001f');
    if (seen.has(k)) continue;
    seen.add(k);
    const preds: Predicate[] = keyCols.map((col, j) => (vals[j] === null ? { column: col, op: 'is_null' } : { column: col, op: '=', value: vals[j] as Value }));
    total += await s.store.deleteRows({ db: t.db, table: t.name, predicates: preds });
  }
  return affected(total);
};
