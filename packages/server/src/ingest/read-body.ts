import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { bodyText } from './body-text.js';
import { decompressBody } from './decompress.js';

/**
 * The request body's bytes after `Content-Encoding` is undone (decoded size held to `maxBytes`). A body
 * with a `Content-Length` (which the body-limit middleware has checked) is read straight from the Node
 * request into one buffer of that size (see readDeclared); others through hono, under the middleware's
 * limit.
 */
export async function readBodyBytes(c: Context, maxBytes: number): Promise<Buffer> {
  const raw = (await readDeclared(c, maxBytes)) ?? Buffer.from(await c.req.arrayBuffer());
  return decompressBody(raw, c.req.header('content-encoding'), maxBytes);
}

/**
 * Under @hono/node-server, a body of declared length (no `Transfer-Encoding`, at most `maxBytes`, not
 * read yet): its chunks copied once into a buffer that owns its whole ArrayBuffer, so a pipeline worker
 * can take it without another copy. hono's `arrayBuffer()` copied the bytes twice (its concatenation,
 * then an ArrayBuffer slice) through a web Request. Undefined when the body cannot be read this way.
 */
function readDeclared(c: Context, maxBytes: number): Promise<Buffer> | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage) || incoming.readableDidRead) return undefined;
  const header = incoming.headers['content-length'];
  if (header === undefined || incoming.headers['transfer-encoding'] !== undefined || !/^\d+$/.test(header)) return undefined;
  const length = Number(header);
  if (length > maxBytes) return undefined;
  // Not from the pool: the buffer owns its ArrayBuffer (a worker can take it), filled before it is used.
  const out = Buffer.allocUnsafeSlow(length);
  return new Promise((resolve, reject) => {
    let at = 0;
    const done = (e?: Error): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      if (e === undefined) resolve(out);
      else {
        incoming.pause();
        reject(e);
      }
    };
    const onData = (chunk: Buffer): void => {
      // (Node's parser stops at the declared length; the check keeps a bad chunk from writing past it.)
      if (at + chunk.length > length) return done(new Error('the request body is longer than its Content-Length'));
      chunk.copy(out, at);
      at += chunk.length;
    };
    const onEnd = (): void => done(at === length ? undefined : new Error('the request body is shorter than its Content-Length'));
    const onError = (e: Error): void => done(e);
    const onClose = (): void => (incoming.readableEnded ? onEnd() : done(new Error('the client closed the connection before the request body ended')));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/**
 * The request body as text, after `Content-Encoding` is undone (decoded size held to `maxBytes`).
 * With `strict` (the `http.is_strict_mode` option) invalid UTF-8 is a 400; otherwise it becomes U+FFFD.
 */
export async function readBodyText(c: Context, maxBytes: number, strict = false): Promise<string> {
  return bodyText(await readBodyBytes(c, maxBytes), strict);
}
