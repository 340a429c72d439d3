import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { stringifyExact } from '@sluice/pipeline-core';
import { elapsedMs } from '../middleware/request-start.js';

/** A JSON response whose bigints stay exact, with `execution_time_ms` appended to objects. */
export function jsonExact(c: Context, body: Record<string, unknown> | unknown[], status: ContentfulStatusCode = 200): Response {
  const elapsed = elapsedMs(c);
  const payload = Array.isArray(body) ? body : { ...body, execution_time_ms: elapsed };
  return c.body(stringifyExact(payload), status, { 'content-type': 'application/json', 'x-service-execution-time': String(elapsed) });
}
