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
    // A body with a Content-Length is checked by its header alone, without touching `c.req.raw.body`:
    // that getter turns the Node request into a web stream, whose reading (a 20 MB body: about a
    // second of main-thread CPU in one stretch) is far slower than @hono/node-server's direct read
    // of the socket's chunks, which the handlers then get. Chunked bodies are counted as they come.
    const length = c.req.header('content-length');
    if (c.req.header('transfer-encoding') === undefined && (length !== undefined || c.req.method === 'GET' || c.req.method === 'HEAD')) {
      if (length !== undefined && Number.parseInt(length, 10) > maxSize) throw new HttpRequestError(StatusCode.InvalidArguments, 413, `request body exceeds body_limit of ${text}`);
      return next();
    }
    return limit(c, next);
  };
}
