import type { Store } from '@sluice/storage';
import { INFORMATION_SCHEMA, VIRTUAL_TABLES, type VirtualTable } from './information-schema.js';
import type { SqlValue } from '../types/sql-value.js';

/**
 * Tables that exist without being created, as in GreptimeDB: `information_schema.*`, `public.numbers`
 * (column `number` UInt32, 0..99 or up to the query's LIMIT, for quick tests) and `service_private.pipelines` (GreptimeDB's
 * `greptime_private.pipelines`: the stored pipelines, read from the pipeline store on each query so it
 * is always in sync with `/v1/pipelines`).
 */
export const SERVICE_PRIVATE = 'service_private';

const NUMBERS: VirtualTable = {
  fields: [{ name: 'number', type: 'uint32' }],
  // As GreptimeDB's NumbersTable: the scan's pushed-down LIMIT many rows, 100 without one.
  rows: (_store, limit, exec) => {
    const n = Math.min(limit ?? 100, 2 ** 32);
    exec?.hold(n * 48, 'numbers');
    return Array.from({ length: n }, (_, i) => [i]);
  },
};

/** `YYYY-MM-DD HH:MM:SS.fffffffff` (UTC) → nanoseconds since the epoch. */
function versionNs(v: string): bigint | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?$/.exec(v);
  if (m === null) return null;
  const secs = Date.parse(`${m[1]}T${m[2]}Z`);
  return Number.isNaN(secs) ? null : BigInt(secs) * 1_000_000n + BigInt((m[3] ?? '').padEnd(9, '0'));
}

const PIPELINES: VirtualTable = {
  fields: [
    { name: 'name', type: 'string' },
    { name: 'schema', type: 'string' },
    { name: 'content_type', type: 'string' },
    { name: 'pipeline', type: 'string' },
    { name: 'created_at', type: 'timestamp_ns' },
  ],
  rows: (store) => store.pipelines.list().map((p) => [p.name, '', 'yaml', p.yaml, versionNs(p.version)] as SqlValue[]),
};

/** The built-in table `db.name`, if there is one (a user table of the same name in `public` wins). */
export function builtinTable(store: Store, db: string, name: string): VirtualTable | undefined {
  if (db === INFORMATION_SCHEMA) return VIRTUAL_TABLES[name];
  if (db === 'public' && name === 'numbers' && store.getTable(db, name) === undefined) return NUMBERS;
  if (db === SERVICE_PRIVATE && name === 'pipelines') return PIPELINES;
  return undefined;
}

/** Databases that always exist. */
export const BUILTIN_DATABASES: readonly string[] = [INFORMATION_SCHEMA, SERVICE_PRIVATE];

/** Names of the built-in tables of a database, for SHOW TABLES. */
export function builtinTableNames(db: string): string[] {
  if (db === INFORMATION_SCHEMA) return Object.keys(VIRTUAL_TABLES);
  if (db === 'public') return ['numbers'];
  if (db === SERVICE_PRIVATE) return ['pipelines'];
  return [];
}
