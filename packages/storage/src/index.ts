// Public API of @sluice/storage.
export type * from './store.js';
export { openLmdbStore, type LmdbStore, type LmdbStoreOptions, type MaintenanceEvent } from './lmdb-store.js';
export {
  TableNotFoundError,
  TableAlreadyExistsError,
  DatabaseNotFoundError,
  DatabaseAlreadyExistsError,
  ColumnNotFoundError,
  ColumnAlreadyExistsError,
  SchemaConflictError,
  InvalidRequestError,
  StorageError,
} from './errors.js';

// Schema and validation rules shared with other Store implementations (@sluice/storage-clickhouse), so
// every backend validates writes, tables and ALTERs with the same code and messages.
export { defineTable, checkName } from './catalog/define-table.js';
export { recordToInfo, type TableRecord, type ColumnRecord } from './catalog/table-record.js';
export { compileTable, type TableState } from './catalog/table-state.js';
export { evolveSchema, recordForWrite } from './table/evolve-schema.js';
export { prepareRows, type PreparedRows } from './table/prepare-rows.js';
export { encodeAppendWrite } from './table/encode-append.js';
export { alterRecord } from './table/alter-table.js';
export { compilePredicates } from './table/predicates.js';
export { normalizeValue, describeValue, displayType, MISMATCH } from './schema/normalize-value.js';
export { VersionClock } from './pipelines/pipeline-version.js';
export { resolveOptions, type ResolvedOptions } from './options/resolved-options.js';
export { encodeSeriesColumns, type SeriesColumns, type SeriesColumnsWrite } from './table/encode-series-columns.js';
