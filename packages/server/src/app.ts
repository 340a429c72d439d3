import { Hono } from 'hono';
import { parseDuration } from '@sluice/pipeline-core';
import type { AppDeps } from './deps.js';
import { errorResponse } from './errors.js';
import { notFoundHandler } from './not-found.js';
import { parseByteSize } from './config/byte-size.js';
import { buildInfo } from './build-info.js';
import { requestStart } from './middleware/request-start.js';
import { requestMetrics } from './middleware/metrics.js';
import { requestTrace } from './middleware/trace.js';
import { basicAuth } from './middleware/auth.js';
import { bodyLimit } from './middleware/body-limit.js';
import { requestTimeout } from './middleware/timeout.js';
import { requestLog } from './middleware/request-log.js';
import { hostGuard } from './middleware/host-guard.js';
import { originPolicy } from './middleware/origin-policy.js';
import { createAdminRoutes } from './routes/admin.js';
import { createIngestRoutes } from './routes/ingest.js';
import { createPipelineRoutes } from './routes/pipelines.js';
import { createSqlRoutes } from './routes/sql.js';
import { createDebugRoutes } from './routes/debug.js';
import { createDashboardRoutes } from './routes/dashboard.js';
import { createRemoteWriteRoutes } from './routes/metricsapi/remote-write.js';
import { createRemoteReadRoutes } from './routes/metricsapi/remote-read.js';
import { createOtlpRoutes } from './routes/otlp.js';
import { createPrometheusApiRoutes } from './routes/metricsapi/http-api.js';
import { createPromqlRoutes } from './routes/promql.js';
import { createLineprotoRoutes } from './routes/lineproto.js';
import { createJsonputRoutes } from './routes/jsonput.js';
import { createLogpushRoutes } from './routes/logpush.js';
import { createWriteSupport } from './write/write-support.js';

/** The Hono app: middleware in order, then each protocol's routes. */
export function createApp(deps: AppDeps): Hono {
  const http = deps.config.http;
  const maxBody = parseByteSize(http.body_limit);
  const app = new Hono();

  app.use(requestStart());
  app.use(requestMetrics(deps.metrics));
  app.use(requestLog(deps.logging.forTarget('http')));
  app.use(requestTrace(deps.tracing));
  // Without credentials to check, a browser tricked into calling us (DNS rebinding) is refused by Host.
  if (deps.users === undefined) app.use(hostGuard(http.allowed_hosts));
  app.use(originPolicy({ allowedOrigins: http.cors_allowed_origins, cors: http.enable_cors }));
  if (deps.users !== undefined) app.use(basicAuth(deps.users, { metricsOpen: http.metrics_without_auth, statusOpen: http.status_without_auth }));
  app.use(requestTimeout(parseDuration(http.timeout), http.timeout));
  const writes = createWriteSupport(deps, maxBody);
  app.use(bodyLimit(maxBody, http.body_limit, writes.readsOwnBody));

  app.route('/', createAdminRoutes(deps, buildInfo()));
  app.route('/', createDashboardRoutes(deps.dashboard));
  app.route('/', createDebugRoutes(deps));
  app.route('/', createPipelineRoutes(deps, maxBody));
  app.route('/', createIngestRoutes(deps, maxBody));
  app.route('/', createSqlRoutes(deps));
  app.route('/', createRemoteWriteRoutes(deps, writes));
  app.route('/', createRemoteReadRoutes(deps, maxBody));
  app.route('/', createOtlpRoutes(deps, writes));
  app.route('/', createPromqlRoutes(deps));
  app.route('/', createPrometheusApiRoutes(deps, buildInfo()));
  app.route('/', createLineprotoRoutes(deps, writes));
  app.route('/', createJsonputRoutes(deps, writes));
  app.route('/', createLogpushRoutes(deps, writes));

  app.notFound(notFoundHandler(app));
  app.onError((err, c) => {
    const res = errorResponse(c, err);
    // A server fault is logged as one; a deadline is the request's own doing (logged as a warning).
    if (res.status === 504) deps.logging.forTarget('http').warn({ path: c.req.path, error: (err as Error).message }, 'request cancelled');
    else if (res.status >= 500) deps.logging.forTarget('http').error({ err, path: c.req.path }, 'request failed');
    return res;
  });
  return app;
}
