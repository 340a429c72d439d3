import { isFloatType, isIntegerType, timeUnitOf, type ColumnSchema, type ColumnType, type TableOptions } from '@sluice/pipeline-core';
import { checkColumn, defineTable } from '../catalog/define-table.js';
import { columnToRecord, type ColumnRecord, type TableRecord } from '../catalog/table-record.js';
import { InvalidRequestError, SchemaConflictError } from '../errors.js';
import { displayType } from '../schema/normalize-value.js';
import { widenRecord, widensTo } from './widen-column.js';

/** A table definition for a write that creates its table: the schema's timestamp column is the time index. */
export function recordForWrite(
  db: string,
  table: string,
  schema: readonly ColumnSchema[],
  options: TableOptions,
  ids: { id: number; storageId: number },
  now: number,
): TableRecord {
  const times = schema.filter((c) => c.semantic === 'timestamp');
  if (times.length !== 1) {
    throw new InvalidRequestError(
      `cannot create table ${db}.${table} from this write: it needs exactly one column with semantic 'timestamp' (the time index), found ${times.length}`,
    );
  }
  const columns = schema.map((c) => ({ ...c, nullable: c.semantic !== 'timestamp' }));
  return defineTable(db, { name: table, columns, timeIndex: times[0]!.name, primaryKey: schema.filter((c) => c.semantic === 'tag').map((c) => c.name), options }, ids, now);
}

/**
 * Integers written to a float column, and float32 to float64, are widened instead of refused: JSON
 * cannot tell `2` from `2.0`, so a float column fed from JSON regularly receives integral values.
 * Every other type difference is a conflict (nothing lossy is coerced).
 */
function widensLosslessly(written: ColumnType, column: ColumnType): boolean {
  return column === 'float64' && (isIntegerType(written) || written === 'float32');
}

/**
 * The table record after adding the write's new columns; the same record when nothing is new.
 * A column whose type differs from the table's is a SchemaConflictError naming both types, except,
 * with `widen`, an integer (or Float32) field column written as Float64: it becomes Float64 (the
 * caller rewrites its stored values, see widen-column.ts).
 */
export function evolveSchema(rec: TableRecord, schema: readonly ColumnSchema[], widen = false): TableRecord {
  const byName = new Map(rec.columns.filter((c) => !c.dropped).map((c) => [c.name, c] as const));
  const added: ColumnRecord[] = [];
  let base = rec;
  const seen = new Set<string>();
  for (const c of schema) {
    if (seen.has(c.name)) throw new InvalidRequestError(`write to ${rec.db}.${rec.name}: column '${c.name}' appears twice in the schema`);
    seen.add(c.name);
    const cur = byName.get(c.name);
    if (cur) {
      if (widen && cur.semantic === 'field' && widensTo(cur.type, c.type)) {
        base = widenRecord(base, c.name, c.type);
        continue;
      }
      if (cur.type !== c.type && !widensLosslessly(c.type, cur.type)) throw new SchemaConflictError(`${rec.db}.${rec.name}`, c.name, displayType(cur.type), displayType(c.type));
      if (c.semantic === 'timestamp' && c.name !== rec.timeIndex) {
        throw new SchemaConflictError(`${rec.db}.${rec.name}`, c.name, `a ${cur.semantic} column`, `the time index`, `the time index is '${rec.timeIndex}'`);
      }
      continue;
    }
    checkColumn(rec.name, { ...c, nullable: true });
    if (c.semantic === 'timestamp') {
      throw new SchemaConflictError(`${rec.db}.${rec.name}`, c.name, 'not a column', 'a second time index', `the time index is '${rec.timeIndex}'`);
    }
    if (timeUnitOf(c.type) === undefined && c.semantic !== 'tag' && c.semantic !== 'field') {
      throw new InvalidRequestError(`write to ${rec.db}.${rec.name}: column '${c.name}' has unknown semantic '${String(c.semantic)}'`);
    }
    added.push(columnToRecord({ ...c, nullable: true }));
  }
  if (!seen.has(rec.timeIndex)) {
    throw new InvalidRequestError(`write to ${rec.db}.${rec.name} lacks the time index column '${rec.timeIndex}'`);
  }
  if (added.length === 0) return base;
  return {
    ...base,
    version: base === rec ? rec.version + 1 : base.version,
    columns: [...base.columns, ...added],
    primaryKey: [...base.primaryKey, ...added.filter((c) => c.semantic === 'tag').map((c) => c.name)],
  };
}
