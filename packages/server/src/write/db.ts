import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';

export const DB_HEADER = 'x-service-db-name';
export const DEFAULT_DB = 'public';

/**
 * The database a write goes to: the protocol's parameter (`db`, InfluxDB v2's `bucket`), else the
 * `x-service-db-name` header, else `public`. A database that does not exist is a 400 naming it.
 */
export function resolveWriteDb(store: Store, param: string | undefined, header: string | undefined): string {
  const db = (param !== undefined && param.trim() !== '' ? param : header !== undefined && header.trim() !== '' ? header : DEFAULT_DB).trim();
  if (!store.listDatabases().includes(db)) throw new SluiceError(StatusCode.DatabaseNotFound, `Database not found: ${db}`);
  return db;
}
