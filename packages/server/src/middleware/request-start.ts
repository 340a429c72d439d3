import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    requestStart: number;
  }
}

/** Records when the request started, for `execution_time_ms` in every body. */
export function requestStart(): MiddlewareHandler {
  return async function requestStart(c, next) {
    c.set('requestStart', performance.now());
    await next();
  };
}

/** Whole milliseconds since the request started (0 when the middleware did not run). */
export function elapsedMs(c: Context): number {
  const start = c.get('requestStart');
  return start === undefined ? 0 : Math.round(performance.now() - start);
}
