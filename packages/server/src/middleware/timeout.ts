import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { DurationSyntaxError, parseDuration, SluiceError, StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

export const TIMEOUT_HEADER = 'x-service-timeout';

declare module 'hono' {
  interface ContextVariableMap {
    /** Fires when the request times out (reason: DeadlineExceeded) or its client goes away (Cancelled). */
    requestSignal: AbortSignal;
    /** When the request times out (ms since the epoch); absent when it has no timeout. */
    requestDeadline: number | undefined;
  }
}

/** The reason the request's signal carries when its client closed the connection before the answer. */
const CLIENT_GONE = 'Client connection prematurely closed.';

/** The request's own timeout (`x-service-timeout: 120s`), else the configured one. */
function timeoutFor(header: string | undefined, ms: number, text: string): { ms: number; text: string } {
  if (header === undefined || header.trim() === '') return { ms, text };
  try {
    return { ms: parseDuration(header), text: header.trim() };
  } catch (e) {
    throw new SluiceError(StatusCode.InvalidArguments, `invalid ${TIMEOUT_HEADER} header: ${e instanceof DurationSyntaxError ? e.message : String(e)}`);
  }
}

/** When the request's time is up (ms since the epoch), for work that cannot watch the signal (synchronous pipeline runs). */
export function requestDeadline(c: Context): number | undefined {
  return c.get('requestDeadline');
}

/** The signal engines take to stop a request's work (a never-firing one outside this middleware). */
export function requestSignal(c: Context): AbortSignal | undefined {
  return c.get('requestSignal');
}

/**
 * Fails a request that runs longer than its timeout with DeadlineExceeded (HTTP 408); 0 disables.
 * The work itself stops too: `requestSignal(c)` fires at the deadline (and when the client closes
 * the connection), and the query engine and pipeline workers abort on it.
 */
export function requestTimeout(configuredMs: number, configuredText: string): MiddlewareHandler {
  return async function requestTimeout(c, next) {
    const { ms, text } = timeoutFor(c.req.header(TIMEOUT_HEADER), configuredMs, configuredText);
    // One controller per request fires for both causes: the deadline aborts it directly and the client
    // going away is forwarded to it (AbortSignal.any costs more per request than the listener).
    const deadline = new AbortController();
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing !== undefined) {
      // Served by @hono/node-server: the response closing before it finished is the client going away.
      // Watched here rather than through `c.req.raw.signal`, which builds a second AbortController for
      // every request (~30 µs of a SELECT 1's ~600 µs of main-thread JavaScript in a CPU profile).
      if (outgoing.destroyed) deadline.abort(CLIENT_GONE);
      else {
        outgoing.once('close', () => {
          if (!outgoing.writableFinished) deadline.abort(CLIENT_GONE);
        });
      }
    } else {
      const client = c.req.raw.signal as AbortSignal | undefined;
      if (client !== undefined) {
        if (client.aborted) deadline.abort(client.reason);
        else client.addEventListener('abort', () => deadline.abort(client.reason), { once: true });
      }
    }
    c.set('requestSignal', deadline.signal);
    // "0s" (config or header) means no timeout, as GreptimeDB (its DynamicTimeout layer skips a zero
    // duration); the client going away still cancels the work.
    if (ms <= 0) return next();
    c.set('requestDeadline', Date.now() + ms);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      // Node fires a timer past 2^31-1 ms after 1 ms; hold longer timeouts to that (about 24.8 days).
      timer = setTimeout(() => {
        const err = new HttpRequestError(StatusCode.DeadlineExceeded, 408, `request timed out after ${text}`);
        deadline.abort(err);
        reject(err);
      }, Math.min(ms, 2 ** 31 - 1));
    });
    try {
      const run = next();
      run.catch(() => undefined); // a late failure after the timeout has already answered
      await Promise.race([run, expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
