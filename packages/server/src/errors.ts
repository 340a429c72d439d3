import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { errorBody } from './formats/error-body.js';
import { elapsedMs } from './middleware/request-start.js';

/** An error whose HTTP status is decided by the transport, not by its code (body limit, bad method...). */
export class HttpRequestError extends SluiceError {
  override name = 'HttpRequestError';
  constructor(
    code: StatusCode,
    readonly httpStatus: ContentfulStatusCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/**
 * The one table from GreptimeDB status codes to HTTP statuses, as GreptimeDB's
 * `status_code_to_http_status` maps them (RegionReadonly is 401 there too); anything missing is 500.
 * The request `timeout` is a transport error of its own (408, see middleware/timeout.ts).
 */
const HTTP_STATUS: Partial<Record<StatusCode, ContentfulStatusCode>> = {
  [StatusCode.Success]: 200,
  [StatusCode.Unsupported]: 400,
  [StatusCode.InvalidArguments]: 400,
  [StatusCode.InvalidSyntax]: 400,
  [StatusCode.PlanQuery]: 400,
  [StatusCode.RequestOutdated]: 400,
  [StatusCode.TableAlreadyExists]: 400,
  [StatusCode.TableNotFound]: 400,
  [StatusCode.TableColumnNotFound]: 400,
  [StatusCode.TableColumnExists]: 400,
  [StatusCode.DatabaseNotFound]: 400,
  [StatusCode.DatabaseAlreadyExists]: 400,
  [StatusCode.RegionNotFound]: 400,
  [StatusCode.RegionAlreadyExists]: 400,
  [StatusCode.FlowAlreadyExists]: 400,
  [StatusCode.FlowNotFound]: 400,
  [StatusCode.UserNotFound]: 401,
  [StatusCode.UnsupportedPasswordType]: 401,
  [StatusCode.UserPasswordMismatch]: 401,
  [StatusCode.AuthHeaderNotFound]: 401,
  [StatusCode.InvalidAuthHeader]: 401,
  [StatusCode.RegionReadonly]: 401,
  [StatusCode.AccessDenied]: 403,
  [StatusCode.PermissionDenied]: 403,
  [StatusCode.Cancelled]: 504,
  [StatusCode.DeadlineExceeded]: 504,
  [StatusCode.RateLimited]: 429,
  // GreptimeDB answers 500 here; Sluice's budgets are per request, so over one is the request's
  // fault (a 4xx the client should not retry as is), not the server's.
  [StatusCode.RuntimeResourcesExhausted]: 400,
  [StatusCode.External]: 503,
  [StatusCode.StorageUnavailable]: 503,
  [StatusCode.RegionNotReady]: 503,
  [StatusCode.RegionBusy]: 503,
  [StatusCode.TableUnavailable]: 503,
};

export function statusCodeToHttp(code: number): ContentfulStatusCode {
  return HTTP_STATUS[code as StatusCode] ?? 500;
}

const KNOWN_CODES = new Set<number>(Object.values(StatusCode));

/** Normalizes anything thrown into `{ code, message, httpStatus }`; duck-types a numeric `code`. */
export function describeError(err: unknown): { code: number; message: string; httpStatus: ContentfulStatusCode } {
  if (err instanceof HttpRequestError) return { code: err.code, message: capMessage(err.message), httpStatus: err.httpStatus };
  if (err instanceof HTTPException) {
    const httpStatus = err.status as ContentfulStatusCode;
    const code = httpStatus === 401 ? StatusCode.AuthHeaderNotFound : httpStatus >= 500 ? StatusCode.Internal : StatusCode.InvalidArguments;
    return { code, message: err.message || `HTTP ${httpStatus}`, httpStatus };
  }
  if (err instanceof RangeError && err.message.includes('Maximum call stack size exceeded')) {
    // Safety net: recursion over a request's own nesting (SQL, JSON, YAML) went deeper than the stack.
    // Depth limits should refuse such input first with a message naming the limit; this keeps it a 400.
    return { code: StatusCode.InvalidArguments, message: 'request too deeply nested to process (Maximum call stack size exceeded): reduce its nesting', httpStatus: 400 };
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'number' && KNOWN_CODES.has(code)) {
      // GreptimeDB answers EngineExecuteQuery (3001) with 500. Sluice's SQL engine raises it (as
      // SqlExecutionError) only about the query's own data, such as CAST('x' AS BIGINT): the client's
      // input, so a 400 with the same code. Anything else carrying 3001 stays a 500.
      const httpStatus = code === StatusCode.EngineExecuteQuery && err.name === 'SqlExecutionError' ? 400 : statusCodeToHttp(code);
      return { code, message: capMessage(err.message), httpStatus };
    }
    return { code: StatusCode.Internal, message: capMessage(err.message || err.name), httpStatus: 500 };
  }
  return { code: StatusCode.Internal, message: capMessage(String(err)), httpStatus: 500 };
}

/** Longest error message an answer carries: messages that echo the input (a 10 MB line) are cut. */
export const MAX_ERROR_MESSAGE = 4096;

function capMessage(m: string): string {
  return m.length <= MAX_ERROR_MESSAGE ? m : `${m.slice(0, MAX_ERROR_MESSAGE)}… (${(m.length - MAX_ERROR_MESSAGE).toLocaleString('en-US')} more characters)`;
}

/** Writes the one error body `{code, error, execution_time_ms}` with the mapped HTTP status. */
export function errorResponse(c: Context, err: unknown): Response {
  const d = describeError(err);
  // Work that stops itself at the request's own deadline (a pipeline worker checking it inside VRL,
  // a query between batches) can fail a moment before the timeout middleware fires: the same
  // time-out, so the same 408 the middleware answers (DeadlineExceeded from elsewhere stays 504).
  const deadline = c.get('requestDeadline');
  if (d.code === StatusCode.DeadlineExceeded && d.httpStatus === 504 && deadline !== undefined && Date.now() >= deadline) d.httpStatus = 408;
  const elapsed = elapsedMs(c);
  return c.body(errorBody(d.code, d.message, elapsed), d.httpStatus, {
    'content-type': 'application/json',
    'x-service-error-code': String(d.code),
    'x-service-execution-time': String(elapsed),
  });
}
