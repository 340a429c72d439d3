import { Hono, type Context } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { sqlEncoder } from '../formats/sql-formats.js';
import { requestSignal } from '../middleware/timeout.js';
import type { AppDeps } from '../deps.js';
import { answerPromql } from '../workers/promql-dispatch.js';
import { readPromParams } from './metricsapi/prom-params.js';
import { parsePromDurationParam, parsePromTime, promDb } from './metricsapi/prom-params.js';
import { PromApiError } from './metricsapi/prom-errors.js';

/** Re-throws a parameter error as a SluiceError so /v1/promql answers with the service's own error body. */
function asSluice<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof PromApiError) throw new SluiceError(StatusCode.InvalidArguments, e.message);
    throw e;
  }
}

/**
 * `GET|POST /v1/promql`: `query`, `start`, `end`, `step` (a range query; `start` alone or `time` for an
 * instant query), `lookback`, `db` (or `x-service-db-name`), `format`. Answers in the `/v1/sql` envelope,
 * one output whose records are the label columns, `service_timestamp` and `service_value`. Runs on a
 * query worker when the server has them.
 */
export function createPromqlRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const handler = async (c: Context) => {
    const p = await readPromParams(c);
    const format = sqlEncoder(p.get('format'));
    const query = p.get('query');
    if (!query) throw new SluiceError(StatusCode.InvalidArguments, "missing required parameter 'query' (the PromQL expression)");
    const req = asSluice(() => {
      const instant = p.get('step') === undefined && p.get('end') === undefined;
      const start = parsePromTime(p.get('start') !== undefined ? 'start' : 'time', p.get('start') ?? p.get('time'), Date.now());
      const end = instant ? start : parsePromTime('end', p.get('end'), start);
      const stepMs = instant ? 1000 : parsePromDurationParam('step', p.get('step'));
      const lookbackMs = p.get('lookback') ? parsePromDurationParam('lookback', p.get('lookback')) : undefined;
      return { query, startMs: start, endMs: end, stepMs, instant, db: promDb(c, p), lookbackMs };
    });
    const signal = requestSignal(c) ?? (c.req.raw.signal as AbortSignal | undefined);
    const a = await answerPromql(c, deps, { op: 'eval', ...req, answer: { format: format.name } }, signal);
    return c.body(a.body, 200, { 'content-type': a.contentType, 'x-service-format': format.name, 'x-service-execution-time': String(a.elapsedMs) });
  };
  app.get('/v1/promql', handler);
  app.post('/v1/promql', handler);
  return app;
}
