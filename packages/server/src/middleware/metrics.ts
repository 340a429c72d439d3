import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { ServerMetrics } from '../metrics/server-metrics.js';

const WILDCARDS = new Set(['*', '/*']);

/** The route pattern a request matched (`/v1/pipelines/:name`), even when middleware answered first. */
function routeLabel(c: Parameters<MiddlewareHandler>[0]): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const path = routes[i]!.path;
    if (!WILDCARDS.has(path)) return path;
  }
  return 'unmatched';
}

/** Counts requests and observes latency per method, matched route pattern and status. */
export function requestMetrics(metrics: ServerMetrics): MiddlewareHandler {
  return async function requestMetrics(c, next) {
    const start = performance.now();
    metrics.httpInFlight.inc();
    try {
      await next();
    } finally {
      metrics.httpInFlight.dec();
    }
    const labels = { method: c.req.method, route: routeLabel(c), status: String(c.res.status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - start) / 1000);
  };
}
