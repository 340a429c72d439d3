import type { MiddlewareHandler } from 'hono';
import { SpanStatusCode } from '@opentelemetry/api';
import type { TraceControl } from '../tracing/trace-control.js';

/** When tracing is on, wraps each request in an OpenTelemetry server span. */
export function requestTrace(tracing: TraceControl): MiddlewareHandler {
  return async function requestTrace(c, next) {
    if (!tracing.enabled) return next();
    const span = tracing.tracer.startSpan(`${c.req.method} ${c.req.path}`, {
      attributes: { 'http.request.method': c.req.method, 'url.path': c.req.path },
    });
    try {
      await next();
      span.setAttribute('http.response.status_code', c.res.status);
      if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    } catch (e) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.message : String(e) });
      throw e;
    } finally {
      span.end();
    }
  };
}
