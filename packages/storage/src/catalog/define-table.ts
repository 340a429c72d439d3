import { COLUMN_TYPES, timeUnitOf } from '@sluice/pipeline-core';
import { InvalidRequestError } from '../errors.js';
import { MISMATCH, normalizeValue, describeValue, displayType } from '../schema/normalize-value.js';
import type { ColumnDef, TableDef } from '../store.js';
import { columnToRecord, optionsToRecord, type TableRecord } from './table-record.js';

const NAME_MAX = 255;

export function checkName(kind: 'database' | 'table' | 'column', name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.length > NAME_MAX || name.includes('\u0000')) {
    throw new InvalidRequestError(`invalid ${kind} name ${JSON.stringify(name)}: expected 1 to ${NAME_MAX} characters without NUL`);
  }
}

/** Checks one column definition on its own (name, type, default). */
export function checkColumn(table: string, c: ColumnDef): void {
  checkName('column', c.name);
  if (!(COLUMN_TYPES as readonly string[]).includes(c.type)) {
    throw new InvalidRequestError(`table ${table}, column '${c.name}': unknown column type '${String(c.type)}' (known: ${COLUMN_TYPES.join(', ')})`);
  }
  if (c.default !== undefined && c.default !== null && normalizeValue(c.type, c.default) === MISMATCH) {
    throw new InvalidRequestError(`table ${table}, column '${c.name}': default ${describeValue(c.default)} does not fit ${displayType(c.type)}`);
  }
}

/**
 * Validates a table definition and turns it into a catalog record. Columns named in `primaryKey`
 * become tags (and tag columns missing from it are appended to it); the time index must be a
 * timestamp column and is the only column with semantic 'timestamp'.
 */
export function defineTable(db: string, def: TableDef, ids: { id: number; storageId: number }, now: number): TableRecord {
  checkName('table', def.name);
  if (!Array.isArray(def.columns) || def.columns.length === 0) throw new InvalidRequestError(`table ${def.name}: no columns`);
  const seen = new Set<string>();
  for (const c of def.columns) {
    checkColumn(def.name, c);
    if (seen.has(c.name)) throw new InvalidRequestError(`table ${def.name}: column '${c.name}' is defined twice`);
    seen.add(c.name);
  }
  const time = def.columns.find((c) => c.name === def.timeIndex);
  if (!time) throw new InvalidRequestError(`table ${def.name}: time index column '${def.timeIndex}' is not among the columns`);
  if (timeUnitOf(time.type) === undefined) {
    throw new InvalidRequestError(`table ${def.name}: time index column '${time.name}' must have a timestamp type, not ${displayType(time.type)}`);
  }
  for (const c of def.columns) {
    if (c.semantic === 'timestamp' && c.name !== def.timeIndex) {
      throw new InvalidRequestError(`table ${def.name}: column '${c.name}' has semantic 'timestamp' but the time index is '${def.timeIndex}'`);
    }
  }
  const pk: string[] = [];
  for (const name of def.primaryKey ?? []) {
    if (!seen.has(name)) throw new InvalidRequestError(`table ${def.name}: primary key column '${name}' is not among the columns`);
    if (name === def.timeIndex) throw new InvalidRequestError(`table ${def.name}: the time index '${name}' cannot be in the primary key`);
    if (!pk.includes(name)) pk.push(name);
  }
  for (const c of def.columns) if (c.semantic === 'tag' && !pk.includes(c.name)) pk.push(c.name);
  const columns = def.columns.map((c) =>
    columnToRecord({
      ...c,
      semantic: c.name === def.timeIndex ? 'timestamp' : pk.includes(c.name) ? 'tag' : 'field',
      nullable: c.name === def.timeIndex ? false : c.nullable ?? true,
    }),
  );
  return {
    id: ids.id,
    storageId: ids.storageId,
    version: 1,
    db,
    name: def.name,
    createdAt: now,
    timeIndex: def.timeIndex,
    primaryKey: pk,
    columns,
    options: optionsToRecord(def.options ?? {}),
  };
}
