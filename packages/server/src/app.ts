import { Hono } from 'hono';
import { cors } from 'hono/cors';
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
import { createAdminRoutes } from './routes/admin.js';
import { createIngestRoutes } from './routes/ingest.js';
import { createPipelineRoutes } from './routes/pipelines.js';
import { createSqlRoutes } from './routes/sql.js';
import { createDebugRoutes } from './routes/debug.js';
import { createDashboardRoutes } from './routes/dashboard.js';
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
  if (http.enable_cors) app.use(cors());
  if (deps.users !== undefined) app.use(basicAuth(deps.users));
  app.use(requestTimeout(parseDuration(http.timeout), http.timeout));
  const writes = createWriteSupport(deps, maxBody);
  app.use(bodyLimit(maxBody, http.body_limit, writes.readsOwnBody));

  app.route('/', createAdminRoutes(deps, buildInfo()));
  app.route('/', createDashboardRoutes());
  app.route('/', createDebugRoutes(deps));
  app.route('/', createPipelineRoutes(deps, maxBody));
  app.route('/', createIngestRoutes(deps, maxBody));
  app.route('/', createSqlRoutes(deps));
  app.route('/', createLineprotoRoutes(deps, writes));
  app.route('/', createJsonputRoutes(deps, writes));
  app.route('/', createLogpushRoutes(deps, writes));

  app.notFound(notFoundHandler(app));
  app.onError((err, c) => {
    const res = errorResponse(c, err);
    if (res.status >= 500) deps.logging.forTarget('http').error({ err, path: c.req.path }, 'request failed');
    return res;
  });
  return app;
}
