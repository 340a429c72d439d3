import type { ColumnDef } from '@sluice/storage';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { CreateTableStatement } from '../ast/statement.js';
import { SqlInvalidArgumentError } from '../errors.js';
import { isTimestampType } from '../types/sql-value.js';
import { toColumnDef } from './column-def.js';
import { withDatabaseOptions } from './database-options.js';
import { requireAppendModeForJson2 } from '../types/json2-rules.js';
import { addTagsToPhysical, byName, checkLogicalColumns, isPhysicalMetricTable } from './metric-engine.js';
import { resolveTable } from '../planner/source.js';
import { affected, queryEnv, type Executor } from './session.js';

export const executeCreateTable: Executor<CreateTableStatement> = async (stmt, s) => {
  const name = stmt.table.name;
  const db = stmt.table.db ?? s.db;
  if (stmt.like) {
    const src = resolveTable(queryEnv(s), stmt.like.db, stmt.like.name);
    await s.store.createTable(db, { name, columns: src.columns, timeIndex: src.timeIndex, primaryKey: src.primaryKey, options: src.options }, { ifNotExists: stmt.ifNotExists });
    return affected(0);
  }
  const seen = new Set<string>();
  for (const c of stmt.columns) {
    if (seen.has(c.name)) throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: column '${c.name}' is defined twice`);
    seen.add(c.name);
  }
  const inline = stmt.columns.filter((c) => c.timeIndex).map((c) => c.name);
  const timeIndexes = [...new Set([...inline, ...(stmt.timeIndex !== undefined ? [stmt.timeIndex] : [])])];
  // Both are syntax errors (2000) in GreptimeDB: its parser checks the time index constraint.
  if (timeIndexes.length === 0) throw new SluiceError(StatusCode.InvalidSyntax, `CREATE TABLE ${name}: Missing time index constraint (declare one timestamp column as TIME INDEX)`);
  if (timeIndexes.length > 1) throw new SluiceError(StatusCode.InvalidSyntax, `CREATE TABLE ${name}: Invalid time index: expected only one time index constraint but actual ${timeIndexes.length} (${timeIndexes.join(', ')})`);
  const timeIndex = timeIndexes[0]!;
  const tsCol = stmt.columns.find((c) => c.name === timeIndex);
  if (!tsCol) throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: TIME INDEX column '${timeIndex}' is not defined`);
  if (!isTimestampType(tsCol.type)) throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: TIME INDEX column '${timeIndex}' must be a timestamp, got ${tsCol.type}`);
  const primaryKey = [...new Set([...stmt.primaryKey, ...stmt.columns.filter((c) => c.primaryKey).map((c) => c.name)])];
  for (const k of primaryKey) {
    if (!seen.has(k)) throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: PRIMARY KEY column '${k}' is not defined`);
    if (k === timeIndex) throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: the TIME INDEX column '${k}' cannot be in the PRIMARY KEY`);
  }
  // Partition rules are checked (their columns must exist and be tags) but not kept: a Sluice table is one region,
  // so every query answers the same as over GreptimeDB's partitions.
  for (const p of stmt.partition?.columns ?? []) {
    const col = stmt.columns.find((c) => c.name === p) ?? stmt.columns.find((c) => c.name.toLowerCase() === p.toLowerCase());
    if (!col) throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: partition column '${p}' is not defined`);
  }
  let columns: ColumnDef[] = stmt.columns.map((c) =>
    toColumnDef(c, c.name === timeIndex ? 'timestamp' : primaryKey.includes(c.name) ? 'tag' : 'field', s.ctx),
  );
  const onPhysical = stmt.options.extra?.on_physical_table;
  if (onPhysical !== undefined) {
    const phy = s.store.getTable(db, onPhysical);
    if (!phy || !isPhysicalMetricTable(phy)) {
      throw new SqlInvalidArgumentError(`CREATE TABLE ${name}: physical table '${onPhysical}' not found (create it with ENGINE = metric WITH ('physical_metric_table' = ''))`);
    }
    if (!(stmt.ifNotExists && s.store.getTable(db, name))) checkLogicalColumns(phy, columns);
    columns = byName(columns);
  }
  let options = withDatabaseOptions(stmt.options, s.store.databaseOptions?.(db));
  // A logical table keeps rows as its physical table does (GreptimeDB: one region, one append mode).
  const phyAppend = onPhysical !== undefined ? s.store.getTable(db, onPhysical)?.options.append_mode : undefined;
  if (phyAppend !== undefined && options.append_mode === undefined) options = { ...options, append_mode: phyAppend };
  requireAppendModeForJson2(columns, options.append_mode);
  await s.store.createTable(db, { name, columns, timeIndex, primaryKey, options }, { ifNotExists: stmt.ifNotExists });
  if (onPhysical !== undefined) await addTagsToPhysical(s.store, db, onPhysical, primaryKey);
  return affected(0);
};
