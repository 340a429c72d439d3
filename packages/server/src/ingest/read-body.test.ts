import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit } from '../middleware/body-limit.js';
import { errorResponse } from '../errors.js';
import { readBodyBytes } from './read-body.js';

const MAX = 64 * 1024;

/** A raw HTTP request (headers as given: with or without Content-Length, body written in `parts`). */
function send(base: string, headers: Record<string, string>, parts: Buffer[]): Promise<{ status: number; body: string }> {
  const url = new URL('/echo', base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    // Separate writes, so the server sees the body in more than one chunk.
    let i = 0;
    const next = (): void => {
      if (i === parts.length) {
        req.end();
        return;
      }
      req.write(parts[i++]!, () => setTimeout(next, 5));
    };
    next();
  });
}

describe('readBodyBytes under @hono/node-server', () => {
  let base = '';
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    const app = new Hono();
    app.onError((e, c) => errorResponse(c, e));
    app.use(bodyLimit(MAX, '64KiB'));
    // Answers what was read: its length, whether the buffer owns its memory, the text.
    app.post('/echo', async (c) => {
      const b = await readBodyBytes(c, MAX);
      return c.json({ length: b.length, owns: b.byteOffset === 0 && b.buffer.byteLength === b.length, text: b.toString('utf8') });
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('reads a body of declared length, sent in pieces, into a buffer that owns its memory', async () => {
    const parts = [Buffer.from('first line\n'), Buffer.from('second ünïcode line\n'), Buffer.from('x'.repeat(20_000))];
    const total = Buffer.concat(parts);
    const res = await send(base, { 'content-length': String(total.length), 'content-type': 'text/plain' }, parts);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ length: total.length, owns: true, text: total.toString('utf8') });
  });

  it('reads an empty body and a gzip body (decoded) of declared length', async () => {
    const empty = await send(base, { 'content-length': '0' }, []);
    expect(JSON.parse(empty.body)).toEqual({ length: 0, owns: true, text: '' });
    const text = 'a line\n'.repeat(500);
    const gz = gzipSync(text);
    const res = await send(base, { 'content-length': String(gz.length), 'content-encoding': 'gzip' }, [gz.subarray(0, 10), gz.subarray(10)]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ length: text.length, text });
  });

  it('reads a chunked body (no Content-Length) as before, and holds it to the body limit', async () => {
    const parts = [Buffer.from('one\n'), Buffer.from('two\n')];
    const res = await send(base, { 'transfer-encoding': 'chunked' }, parts);
    expect(JSON.parse(res.body)).toMatchObject({ length: 8, text: 'one\ntwo\n' });
    const big = await send(base, { 'transfer-encoding': 'chunked' }, [Buffer.alloc(MAX / 2, 97), Buffer.alloc(MAX / 2 + 1, 97)]);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error).toContain('body_limit');
  });

  it('refuses a declared length past the limit with the 413 error body', async () => {
    const body = Buffer.alloc(MAX + 1, 97);
    const res = await send(base, { 'content-length': String(body.length) }, [body]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toContain('body_limit');
  });
});
