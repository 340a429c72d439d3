import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { StatusCode } from '@sluice/pipeline-core';

/**
 * Messages between the server and its query workers. A task carries one `/v1/sql` request's SQL; the
 * worker runs it only when every statement only reads (else it answers `write` and the main thread,
 * which owns the store's writes and catalog, runs it), encodes the outputs in the requested format and
 * answers the body's bytes (transferred), so only bytes cross back.
 */
export interface QueryTask {
  readonly id: number;
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

export interface QueryWireError {
  readonly code: StatusCode;
  readonly message: string;
  readonly httpStatus: ContentfulStatusCode;
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
const READ_WORDS = new Set(['select', 'with', 'show', 'desc', 'describe', 'explain', 'values']);

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
