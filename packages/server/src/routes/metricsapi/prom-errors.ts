import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PromqlError, type PromErrorType } from '@sluice/query';
import { describeError } from '../../errors.js';
import { promErrorBody } from '../../formats/prometheus-response.js';

/** An error of the Prometheus API layer itself (bad parameters), with Prometheus's errorType. */
export class PromApiError extends Error {
  override name = 'PromApiError';
  constructor(readonly errorType: PromErrorType | 'not_found', message: string) {
    super(message);
  }
}

const STATUS: Record<string, ContentfulStatusCode> = { bad_data: 400, execution: 422, canceled: 503, timeout: 503, internal: 500, not_found: 404 };

/** Any error as Prometheus's error body and status; a parse error of `query` is prefixed as Prometheus does. */
export function promErrorResponse(c: Context, err: unknown, queryParam = false): Response {
  let type: string;
  let message: string;
  if (err instanceof PromApiError) {
    type = err.errorType;
    message = err.message;
  } else if (err instanceof PromqlError) {
    type = err.errorType;
    message = err.name === 'PromqlSyntaxError' && queryParam ? `invalid parameter "query": ${err.message}` : err.message;
  } else {
    const d = describeError(err);
    type = d.httpStatus >= 500 ? 'internal' : 'bad_data';
    message = d.message;
  }
  return c.body(promErrorBody(type, message), STATUS[type] ?? 500, { 'content-type': 'application/json' });
}
