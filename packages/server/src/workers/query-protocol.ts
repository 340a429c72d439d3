import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { StatusCode } from '@sluice/pipeline-core';
import type { PromqlWireError, PromqlWork } from './promql-work.js';

/**
 * Messages between the server and its query workers. A SQL task carries one `/v1/sql` request's SQL;
 * the worker runs it only when every statement only reads (else it answers `write` and the main
 * thread, which owns the store's writes and catalog, runs it), encodes the outputs in the requested
 * format and answers the body's bytes (transferred), so only bytes cross back. A PromQL task carries
 * one PromQL request (always read-only), answered the same way.
 */
export interface SqlTask {
  readonly id: number;
  readonly kind: 'sql';
  readonly sql: string;
  readonly db: string;
  readonly timezone?: string;
  /** A `format` name (`sqlEncoder` accepted it on the main thread). */
  readonly format: string;
  /** When the request started (ms since the epoch, fractional), for `execution_time_ms`. */
  readonly startedAt: number;
  /** When the request times out (ms since the epoch); the worker stops the query then even if the main thread is busy. */
  readonly deadline?: number;
  /** What the timeout was, for the message (`3s`). */
  readonly timeoutText?: string;
}

/** A PromQL request of `/v1/promql` or the Prometheus API (evaluation or metadata), encoded there too. */
export interface PromqlTask {
  readonly id: number;
  readonly kind: 'promql';
  readonly work: PromqlWork;
  readonly startedAt: number;
  readonly deadline?: number;
  readonly timeoutText?: string;
}

export type QueryTask = SqlTask | PromqlTask;

export interface QueryWireError {
  readonly code: StatusCode;
  readonly message: string;
  readonly httpStatus: ContentfulStatusCode;
  /** Set for a PromqlError (the Prometheus API answers by its errorType). */
  readonly promql?: PromqlWireError;
}

export type QueryReply =
  | { readonly id: number; readonly ok: true; readonly body: Uint8Array<ArrayBuffer>; readonly contentType: string; readonly elapsedMs: number }
  | { readonly id: number; readonly ok: false; readonly write: true }
  | { readonly id: number; readonly ok: false; readonly error: QueryWireError };

/** Asks a worker to stop the task `cancel` (its request timed out or its client went away). */
export interface QueryCancel {
  readonly cancel: number;
}

/** What a query worker needs to open the store and its engine. */
export interface QueryWorkerData {
  readonly dataHome: string;
  /** The server's resolved config (plain data): `[query]` and `[promql]` budgets. */
  readonly config: import('../config/schema.js').SluiceConfig;
  /** The shared `[query] memory_pool_size` counters and this worker's slot in them. */
  readonly poolBuffer: SharedArrayBuffer;
  readonly slot: number;
}

/** Statements that may only read start with one of these words (the worker checks every statement). */
const READ_WORDS = new Set(['select', 'with', 'show', 'desc', 'describe', 'explain', 'values', 'tql']);

/**
 * Whether `sql` may be a read-only request, by its first word (after spaces, comments and
 * parentheses): a cheap test on the main thread, so writes never wait in the workers' queue.
 */
export function mayOnlyRead(sql: string): boolean {
  let i = 0;
  const n = sql.length;
  for (;;) {
    while (i < n && (/\s/.test(sql[i]!) || sql[i] === '(')) i++;
    if (sql.startsWith('--', i)) {
      const nl = sql.indexOf('\n', i);
      if (nl < 0) return false;
      i = nl + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else break;
  }
  const m = /^[A-Za-z]+/.exec(sql.slice(i, i + 16));
  return m !== null && READ_WORDS.has(m[0].toLowerCase());
}
