import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { ServerMetrics } from '../metrics/server-metrics.js';

/** Counts requests and observes latency per method, matched route pattern and status. */
export function requestMetrics(metrics: ServerMetrics): MiddlewareHandler {
  return async function requestMetrics(c, next) {
    const start = performance.now();
    await next();
    let route: string;
    try {
      route = routePath(c);
    } catch {
      route = 'unmatched';
    }
    if (route === '/*' || route === '*') route = 'unmatched';
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - start) / 1000);
  };
}
