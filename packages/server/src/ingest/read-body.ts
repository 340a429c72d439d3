import type { Context } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { decompressBody } from './decompress.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as text, after `Content-Encoding` is undone (decoded size held to `maxBytes`).
 * With `strict` (the `http.is_strict_mode` option) invalid UTF-8 is a 400; otherwise it becomes U+FFFD.
 */
export async function readBodyText(c: Context, maxBytes: number, strict = false): Promise<string> {
  const raw = Buffer.from(await c.req.arrayBuffer());
  const body = decompressBody(raw, c.req.header('content-encoding'), maxBytes);
  if (!strict) return body.toString('utf8');
  try {
    return strictUtf8.decode(body);
  } catch {
    throw new SluiceError(StatusCode.InvalidArguments, 'request body is not valid UTF-8 (http.is_strict_mode is on)');
  }
}
