import { requestSignal } from '../../middleware/timeout.js';
import { Hono, type Context } from 'hono';
import { parsePromql, prettyPromql, translatePromqlAst, PromqlError } from '@sluice/query';
import { StatusCode } from '@sluice/pipeline-core';
import { answerPromql, type PromqlBody } from '../../workers/promql-dispatch.js';
import type { AppDeps } from '../../deps.js';
import type { BuildInfo } from '../../build-info.js';
import { promSuccess } from '../../formats/prometheus-response.js';
import { PromApiError, promErrorResponse } from './prom-errors.js';
import { MAX_TIME_MS, MIN_TIME_MS, parsePromDurationParam, parsePromTime, promDb, readPromParams, type PromParams } from './prom-params.js';

/** Prometheus's own compatibility level for clients that read `version` (Grafana enables features by it). */
export const PROMETHEUS_API_VERSION = '2.42.0';
const DEFAULT_QUERY_TIMEOUT_MS = 120_000;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A handler answers the `data` JSON, or a whole body (a PromQL request run by answerPromql). */
type Handler = (c: Context, p: PromParams, signal: AbortSignal) => Promise<string | PromqlBody>;

/** Whether `e` is the cancellation of a query: by the engine, or by the query worker pool. */
function isCancellation(e: unknown): boolean {
  return (e instanceof PromqlError && e.errorType === 'canceled') || (e as { code?: unknown }).code === StatusCode.Cancelled;
}

/** The request's signal (client gone) combined with the query `timeout` (default 2m, as Prometheus). */
function querySignal(c: Context, p: PromParams): { signal: AbortSignal; timeout: AbortSignal } {
  const t = p.get('timeout');
  const ms = t ? parsePromDurationParam('timeout', t) : DEFAULT_QUERY_TIMEOUT_MS;
  // Prometheus lets a zero or negative timeout expire at once (a 503 `timeout`): the request's own
  // mistake, so a 400 naming the parameter instead of a server-side answer.
  if (ms <= 0) throw new PromApiError('bad_data', `invalid parameter "timeout": ${JSON.stringify(t)} is not a positive duration`);
  // Timers hold at most 2^31-1 ms (about 24.8 days); a longer timeout is no timeout in practice.
  const timeout = AbortSignal.timeout(Math.min(Math.max(1, ms), 2 ** 31 - 1));
  // The request's own signal: client gone, or the server's http.timeout (middleware/timeout.ts).
  const req = requestSignal(c) ?? (c.req.raw.signal as AbortSignal | undefined);
  return { signal: req ? AbortSignal.any([req, timeout]) : timeout, timeout };
}

function lookback(p: PromParams): number | undefined {
  const v = p.get('lookback_delta');
  return v ? parsePromDurationParam('lookback_delta', v) : undefined;
}

function matchParams(p: PromParams): string[] {
  return p.all('match[]');
}

/**
 * `/v1/metricsapi/api/v1/*`: the Prometheus HTTP API (query, query_range, series, labels, label values,
 * format_query, parse_query, status/buildinfo, and empty metadata/exemplars for Grafana), GET and POST.
 * Queries and metadata requests run on a query worker when the server has them (answerPromql).
 */
export function createPrometheusApiRoutes(deps: AppDeps, build: BuildInfo): Hono {
  const app = new Hono();
  const base = '/v1/metricsapi/api/v1';
  const route = (path: string, handler: Handler, queryParam = false) => {
    const h = async (c: Context) => {
      let timeout: AbortSignal | undefined;
      try {
        const p = await readPromParams(c);
        const s = querySignal(c, p);
        timeout = s.timeout;
        const out = await handler(c, p, s.signal);
        if (typeof out !== 'string') return c.body(out.body, 200, { 'content-type': out.contentType });
        return c.body(promSuccess(out), 200, { 'content-type': 'application/json' });
      } catch (e) {
        if (timeout?.aborted && isCancellation(e)) return promErrorResponse(c, new PromApiError('timeout', 'query timed out in query execution'));
        return promErrorResponse(c, e, queryParam);
      }
    };
    app.get(base + path, h);
    app.post(base + path, h);
  };

  route('/query', async (c, p, signal) => {
    const t = parsePromTime('time', p.get('time'), Date.now());
    const query = p.get('query') ?? '';
    return answerPromql(c, deps, { op: 'eval', query, startMs: t, endMs: t, stepMs: 1000, instant: true, db: promDb(c, p), lookbackMs: lookback(p), answer: 'prom' }, signal);
  }, true);

  route('/query_range', async (c, p, signal) => {
    const start = parsePromTime('start', p.get('start'));
    const end = parsePromTime('end', p.get('end'));
    if (end < start) throw new PromApiError('bad_data', 'invalid parameter "end": end timestamp must not be before start time');
    const step = parsePromDurationParam('step', p.get('step'));
    if (step <= 0) throw new PromApiError('bad_data', 'invalid parameter "step": zero or negative query resolution step widths are not accepted. Try a positive integer');
    const query = p.get('query') ?? '';
    return answerPromql(c, deps, { op: 'eval', query, startMs: start, endMs: end, stepMs: step, instant: false, db: promDb(c, p), lookbackMs: lookback(p), answer: 'prom' }, signal);
  }, true);

  const meta = (c: Context, p: PromParams) => ({
    match: matchParams(p),
    startMs: parsePromTime('start', p.get('start'), MIN_TIME_MS),
    endMs: parsePromTime('end', p.get('end'), MAX_TIME_MS),
    db: promDb(c, p),
  });

  route('/series', async (c, p, signal) => {
    const req = meta(c, p);
    if (req.match.length === 0) throw new PromApiError('bad_data', 'no match[] parameter provided');
    return answerPromql(c, deps, { op: 'series', ...req }, signal);
  });

  route('/labels', async (c, p, signal) => answerPromql(c, deps, { op: 'labels', ...meta(c, p) }, signal));

  route('/label/:name/values', async (c, p, signal) => {
    const name = c.req.param('name') ?? '';
    if (!LABEL_NAME.test(name)) throw new PromApiError('bad_data', `invalid label name: ${JSON.stringify(name)}`);
    return answerPromql(c, deps, { op: 'label_values', name, ...meta(c, p) }, signal);
  });

  route('/format_query', async (_c, p) => JSON.stringify(prettyPromql(parsePromql(p.get('query') ?? '').expr)), true);
  route('/parse_query', async (_c, p) => JSON.stringify(translatePromqlAst(parsePromql(p.get('query') ?? '').expr)), true);

  route('/status/buildinfo', async () =>
    JSON.stringify({ version: PROMETHEUS_API_VERSION, revision: build.commit, branch: 'sluice', buildUser: 'sluice', buildDate: build.source_time, goVersion: build.node_version, sluiceVersion: build.version }));

  // Grafana asks for these; Sluice keeps no metric metadata or exemplars.
  route('/metadata', async () => '{}');
  route('/query_exemplars', async () => '[]');
  return app;
}
