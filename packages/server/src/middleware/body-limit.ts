import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

/** Rejects bodies larger than `maxSize` bytes with 413 and the error body. */
export function bodyLimit(maxSize: number, text: string): MiddlewareHandler {
  return honoBodyLimit({
    maxSize,
    onError: () => {
      throw new HttpRequestError(StatusCode.InvalidArguments, 413, `request body exceeds body_limit of ${text}`);
    },
  });
}
