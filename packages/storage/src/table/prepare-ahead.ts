import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { compileTable, type TableState } from '../catalog/table-state.js';
import type { TableRecord } from '../catalog/table-record.js';
import { evolveSchema } from './evolve-schema.js';
import { prepareRows, type PreparedRows } from './prepare-rows.js';

/** The rows of a write to encode ahead (encode-append.ts, encode-series.ts). */
export interface AheadRequest {
  readonly schema: readonly ColumnSchema[];
  readonly rows: readonly (readonly Value[])[];
}

/** Compiled records by table id (a worker encodes for the same few tables again and again). */
const cache = new Map<number, TableState>();

/** The compiled state of a layout's record, kept while the record (id, version, name) is the same. */
export function compiledLayout(record: TableRecord): TableState {
  const hit = cache.get(record.id);
  if (hit !== undefined && hit.record.version === record.version && hit.record.db === record.db && hit.record.name === record.name) return hit;
  const t = compileTable(record);
  if (cache.size >= 256) cache.delete(cache.keys().next().value!);
  cache.set(record.id, t);
  return t;
}

/**
 * The write's rows validated and normalised against the table as the record has it; undefined when
 * the write would change the table (new or changed columns) or a row is invalid: the store then
 * writes the rows itself and reports the error.
 */
export function prepareAhead(t: TableState, req: AheadRequest): PreparedRows | undefined {
  const record = t.record;
  try {
    if (evolveSchema(record, req.schema, false) !== record) return undefined;
    return prepareRows(t, { db: record.db, table: record.name, schema: req.schema, rows: req.rows });
  } catch {
    return undefined;
  }
}
