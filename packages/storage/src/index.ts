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
