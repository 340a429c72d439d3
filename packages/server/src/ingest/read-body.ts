import type { Context } from 'hono';
import { bodyText } from './body-text.js';
import { decompressBody } from './decompress.js';

/** The request body's bytes after `Content-Encoding` is undone (decoded size held to `maxBytes`). */
export async function readBodyBytes(c: Context, maxBytes: number): Promise<Buffer> {
  const raw = Buffer.from(await c.req.arrayBuffer());
  return decompressBody(raw, c.req.header('content-encoding'), maxBytes);
}

/**
 * The request body as text, after `Content-Encoding` is undone (decoded size held to `maxBytes`).
 * With `strict` (the `http.is_strict_mode` option) invalid UTF-8 is a 400; otherwise it becomes U+FFFD.
 */
export async function readBodyText(c: Context, maxBytes: number, strict = false): Promise<string> {
  return bodyText(await readBodyBytes(c, maxBytes), strict);
}
