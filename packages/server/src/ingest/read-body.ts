import type { Context } from 'hono';
import { decompressBody } from './decompress.js';

/** The request body as text, after `Content-Encoding` is undone (decoded size held to `maxBytes`). */
export async function readBodyText(c: Context, maxBytes: number): Promise<string> {
  const raw = Buffer.from(await c.req.arrayBuffer());
  return decompressBody(raw, c.req.header('content-encoding'), maxBytes).toString('utf8');
}
