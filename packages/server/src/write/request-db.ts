import type { Context } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';

export const DB_HEADER = 'x-service-db-name';

/**
 * The database a protocol write goes to: the `db` query parameter, else the `x-service-db-name`
 * header, else `public`. A database that does not exist is a 400 naming it (writes never create one).
 */
export function requestDb(c: Context, store: Store, param = 'db'): string {
  const db = (c.req.query(param) || c.req.header(DB_HEADER) || 'public').trim();
  if (!store.listDatabases().includes(db)) throw new SluiceError(StatusCode.DatabaseNotFound, `Database not found: ${db}`);
  return db;
}
