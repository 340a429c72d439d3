import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/** One debug line per request: method, path, status, milliseconds. */
export function requestLog(log: Logger): MiddlewareHandler {
  return async function requestLog(c, next) {
    const start = performance.now();
    await next();
    if (log.isLevelEnabled('debug')) {
      log.debug({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start) }, 'request');
    }
  };
}
