import type { Context } from 'hono';
import type { AppDeps } from '../deps.js';
import { elapsedMs } from '../middleware/request-start.js';
import { requestDeadline, TIMEOUT_HEADER } from '../middleware/timeout.js';
import { runPromqlWork, type PromqlWork } from './promql-work.js';

/** A PromQL request's answer: its body (bytes when a worker encoded it), type and execution time. */
export interface PromqlBody {
  readonly body: string | Uint8Array<ArrayBuffer>;
  readonly contentType: string;
  readonly elapsedMs: number;
}

/**
 * Runs a PromQL request on a query worker when the server has them (the main thread only passes the
 * worker's encoded bytes on), else here (`[query] workers = 0`, or the ClickHouse backend, which
 * has no query workers). `signal` aborts it: a queued task is dropped, a running one asked to stop
 * and its worker terminated when it has not within a second.
 */
export async function answerPromql(c: Context, deps: AppDeps, work: PromqlWork, signal: AbortSignal | undefined): Promise<PromqlBody> {
  const pool = deps.queryWorkers;
  if (pool === undefined) return runPromqlWork(deps.query, work, signal, () => elapsedMs(c));
  const deadline = requestDeadline(c);
  try {
    const r = await pool.run(
      {
        kind: 'promql',
        work,
        startedAt: performance.timeOrigin + (c.get('requestStart') ?? performance.now()),
        ...(deadline !== undefined ? { deadline, timeoutText: c.req.header(TIMEOUT_HEADER)?.trim() || deps.config.http.timeout } : {}),
      },
      signal,
    );
    if (r.write) throw new Error('a query worker answered a PromQL request as a write');
    return r;
  } finally {
    deps.metrics.queryWorkerTasks.inc({ kind: 'promql' });
  }
}
