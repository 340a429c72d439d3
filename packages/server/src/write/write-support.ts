import type { Context, Hono, MiddlewareHandler } from 'hono';
import { SluiceError, StatusCode, type TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest, WriteResult } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import { parseByteSize } from '../config/byte-size.js';
import { DB_HEADER, resolveWriteDb } from './db.js';
import { tableOptionsFromHints, hintHeaders } from './hints.js';
import { InFlightWrites, type WriteLease } from './in-flight.js';
import { readWriteBody, type ReadBodyOptions } from './read-body.js';
import { protocolTableOptions, type TableSemantics } from './semantic-options.js';

declare module 'hono' {
  interface ContextVariableMap {
    writeLease: WriteLease | undefined;
  }
}

/** Where a protocol write goes and with which options for tables it creates. */
export interface WriteTarget {
  readonly db: string;
  /** Options for the tables this write creates: the protocol's semantics and defaults, then the hints. */
  readonly options: TableOptions;
  /** The request's hints alone (for pipelines, whose own table options sit between defaults and hints). */
  readonly hints: TableOptions;
}

/**
 * The plumbing every write endpoint shares, created once per app:
 *
 * ```ts
 * writes.register(app, '/v1/myproto/write');                  // in-flight budget, own body limit
 * const { db, options } = writes.target(c, SEMANTICS, c.req.query('db'));
 * const body = await writes.readBody(c, { snappy: 'always' }); // limit, chunked, gzip/snappy
 * await writes.write(toWriteRequests(decode(body), db, options), 'myproto');
 * ```
 */
export interface WriteSupport {
  readonly inFlight: InFlightWrites;
  readonly maxBodyBytes: number;
  /**
   * Puts a write path behind the admission middleware (the bytes the request reads are held against
   * the budget until it ends); the global body-limit middleware leaves these paths to `readBody`.
   */
  register(app: Hono, path: string): void;
  /** True for paths registered with `register` (for the body-limit middleware). */
  readsOwnBody(path: string): boolean;
  /** db (parameter, then `x-service-db-name`, then `public`; unknown → 400) and table options (hints + semantics). */
  target(c: Context, semantics: TableSemantics, dbParam?: string): WriteTarget;
  /** The decoded body, under the body limit and the in-flight budget. */
  readBody(c: Context, opts?: ReadBodyOptions): Promise<Buffer>;
  /** Writes every table in one store transaction and counts the rows (`sluice_ingest_rows_total{pipeline=<source>}`). */
  write(requests: readonly WriteRequest[], source: string): Promise<WriteResult[]>;
}

/** `max_in_flight_write_bytes` from the config, if set. */
export function maxInFlightWriteBytes(deps: AppDeps): number | undefined {
  const v = deps.config.max_in_flight_write_bytes;
  return v === undefined || v === '' ? undefined : parseByteSize(v);
}

export function createWriteSupport(deps: AppDeps, maxBodyBytes: number, inFlight = new InFlightWrites(maxInFlightWriteBytes(deps))): WriteSupport {
  const paths = new Set<string>();
  const admission: MiddlewareHandler = async function writeAdmission(c, next) {
    const lease: WriteLease = { bytes: 0 };
    c.set('writeLease', lease);
    try {
      await next();
    } finally {
      inFlight.release(lease);
    }
  };
  return {
    inFlight,
    maxBodyBytes,
    register(app, path) {
      paths.add(path);
      app.use(path, admission);
    },
    readsOwnBody: (path) => paths.has(path),
    target(c, semantics, dbParam) {
      const db = resolveWriteDb(deps.store, dbParam, c.req.header(DB_HEADER));
      const hints = tableOptionsFromHints(hintHeaders(c));
      return { db, options: protocolTableOptions(semantics, hints), hints };
    },
    async readBody(c, opts) {
      const lease = c.get('writeLease');
      if (lease === undefined) throw new SluiceError(StatusCode.Internal, `write route ${c.req.path} is not behind the write admission middleware`);
      return readWriteBody(c, inFlight, lease, maxBodyBytes, opts);
    },
    async write(requests, source) {
      // (An encoded write's rows may be a getter not to call: its count says.)
      const nonEmpty = requests.filter((r) => (r.encoded?.count ?? r.rows.length) > 0);
      if (nonEmpty.length === 0) return [];
      const written = await deps.store.write(nonEmpty);
      for (const w of written) deps.metrics.rowsIngested.inc({ db: w.db, table: w.table, pipeline: source }, w.affectedRows);
      return written;
    },
  };
}
