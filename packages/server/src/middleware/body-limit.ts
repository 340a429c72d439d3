import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

/**
 * Rejects bodies larger than `maxSize` bytes with 413 and the error body. Paths for which `skip`
 * answers true read their bodies themselves under the same limit (the write endpoints stream
 * chunked bodies so their bytes count against the in-flight budget as they arrive).
 */
export function bodyLimit(maxSize: number, text: string, skip: (path: string) => boolean = () => false): MiddlewareHandler {
  const limit = honoBodyLimit({
    maxSize,
    onError: () => {
      throw new HttpRequestError(StatusCode.InvalidArguments, 413, `request body exceeds body_limit of ${text}`);
    },
  });
  return async function bodyLimit(c, next) {
    if (skip(c.req.path)) return next();
    return limit(c, next);
  };
}
