import type { ExecContext } from '../../exec/exec-context.js';
import { COLUMN_TYPE_DISPLAY, type ColumnType } from '@sluice/pipeline-core';
import type { Store, TableInfo } from '@sluice/storage';
import type { Batch, Field } from '../expr/relation.js';
import type { SqlValue } from '../types/sql-value.js';

export const INFORMATION_SCHEMA = 'information_schema';

/** A virtual table computed from the catalog. */
export interface VirtualTable {
  readonly fields: readonly Field[];
  /** `limit`: the query's LIMIT when it was pushed into the scan; rows built count against `exec`. */
  rows(store: Store, limit?: number, exec?: ExecContext): SqlValue[][];
}

function semanticOf(t: TableInfo, name: string): string {
  if (name === t.timeIndex) return 'TIMESTAMP';
  return t.primaryKey.includes(name) ? 'TAG' : 'FIELD';
}

function allTables(store: Store): TableInfo[] {
  return store.listDatabases().flatMap((db) => store.listTables(db));
}

const f = (name: string, type: ColumnType): Field => ({ name, type });

const TABLES: VirtualTable = {
  fields: [
    f('table_catalog', 'string'), f('table_schema', 'string'), f('table_name', 'string'), f('table_type', 'string'),
    f('table_id', 'uint32'), f('engine', 'string'), f('create_time', 'timestamp_ms'),
  ],
  rows: (store) => [
    ...allTables(store).map((t) => ['greptime', t.db, t.name, 'BASE TABLE', t.id, 'mito', BigInt(t.createdAt)] as SqlValue[]),
    ...Object.keys(VIRTUAL_TABLES).map((n) => ['greptime', INFORMATION_SCHEMA, n, 'LOCAL TEMPORARY', null, null, null] as SqlValue[]),
  ],
};

const COLUMNS: VirtualTable = {
  fields: [
    f('table_catalog', 'string'), f('table_schema', 'string'), f('table_name', 'string'), f('column_name', 'string'),
    f('ordinal_position', 'int64'), f('data_type', 'string'), f('semantic_type', 'string'), f('column_default', 'string'),
    f('is_nullable', 'string'), f('column_type', 'string'), f('greptime_data_type', 'string'),
  ],
  rows: (store) =>
    allTables(store).flatMap((t) =>
      t.columns.map((c, i) => {
        const display = COLUMN_TYPE_DISPLAY[c.type];
        return [
          'greptime', t.db, t.name, c.name, i + 1, display.toLowerCase(), semanticOf(t, c.name),
          c.default === undefined || c.default === null ? null : String(c.default),
          c.nullable ? 'Yes' : 'No', display.toLowerCase(), display,
        ] as SqlValue[];
      }),
    ),
};

const SCHEMATA: VirtualTable = {
  fields: [f('catalog_name', 'string'), f('schema_name', 'string')],
  rows: (store) => [...new Set([INFORMATION_SCHEMA, ...store.listDatabases()])].sort().map((d) => ['greptime', d]),
};

export const VIRTUAL_TABLES: Record<string, VirtualTable> = { tables: TABLES, columns: COLUMNS, schemata: SCHEMATA };

export function virtualBatch(t: VirtualTable, store: Store, limit?: number, exec?: ExecContext): Batch {
  const rows = t.rows(store, limit, exec);
  return { length: rows.length, columns: t.fields.map((_, c) => rows.map((r) => r[c]!)) };
}
