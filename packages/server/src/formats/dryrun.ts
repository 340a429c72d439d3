import { type ColumnSchema, type ColumnType, type Value } from '@sluice/pipeline-core';
import type { RunTable } from '../pipelines/compiler.js';
import { cellToJson } from './cell-json.js';

/** GreptimeDB's gRPC column type names, as its dry-run output shows them. */
const DATA_TYPE: Record<ColumnType, string> = {
  int8: 'INT8', int16: 'INT16', int32: 'INT32', int64: 'INT64',
  uint8: 'UINT8', uint16: 'UINT16', uint32: 'UINT32', uint64: 'UINT64',
  float32: 'FLOAT32', float64: 'FLOAT64',
  string: 'STRING', boolean: 'BOOLEAN', json: 'JSON', binary: 'BINARY',
  timestamp_s: 'TIMESTAMP_SECOND', timestamp_ms: 'TIMESTAMP_MILLISECOND',
  timestamp_us: 'TIMESTAMP_MICROSECOND', timestamp_ns: 'TIMESTAMP_NANOSECOND',
};

function schemaEntry(col: ColumnSchema) {
  return {
    name: col.name,
    data_type: DATA_TYPE[col.type],
    column_type: col.semantic.toUpperCase(),
    fulltext: col.index === 'fulltext',
    ...(col.index !== undefined ? { index: col.index } : {}),
  };
}

function rowEntry(schema: readonly ColumnSchema[], row: readonly Value[]) {
  return schema.map((col, i) => ({
    key: col.name,
    value: cellToJson(row[i] ?? null, col.type),
    data_type: DATA_TYPE[col.type],
    semantic_type: col.semantic.toUpperCase(),
  }));
}

/** The table name a dry run reports, as GreptimeDB does: `dry_run` plus the pipeline's suffix. */
export const DRY_RUN_TABLE = 'dry_run';

/**
 * One entry per destination table: schema, rows, table name and the table options (nothing is
 * written); `warnings` lists what in the pipeline compiles but has no effect (e.g. a rename dissect ignores).
 */
export function dryrunBody(tables: readonly RunTable[], warnings: readonly string[] = []): unknown[] {
  return tables.map((t) => ({
    schema: t.schema.map(schemaEntry),
    rows: t.rows.map((r) => rowEntry(t.schema, r)),
    table_name: DRY_RUN_TABLE + t.suffix,
    options: t.options,
    ...(warnings.length > 0 ? { warnings } : {}),
  }));
}
