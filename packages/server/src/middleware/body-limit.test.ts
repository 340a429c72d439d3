import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.js';
import { errorResponse } from '../errors.js';

/** A request whose `body` getter is counted (the getter turns a Node request into a slow web stream). */
function counted(url: string, init: RequestInit): { req: Request; reads: () => number } {
  const req = new Request(url, init);
  let n = 0;
  const getter = Object.getOwnPropertyDescriptor(Request.prototype, 'body')!.get!;
  Object.defineProperty(req, 'body', {
    get() {
      n++;
      return getter.call(req);
    },
  });
  return { req, reads: () => n };
}

describe('bodyLimit', () => {
  const app = new Hono();
  app.use(bodyLimit(1000, '1000B'));
  app.post('/echo', async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
  app.onError((e, c) => errorResponse(c, e));

  it('checks a body with a Content-Length by the header alone, never touching the request stream', async () => {
    const ok = counted('http://x/echo', { method: 'POST', body: 'a'.repeat(900), headers: { 'content-length': '900' } });
    const res = await app.request(ok.req);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('900');
    // Only the handler's own read (hono's arrayBuffer) touched it, not the middleware.
    expect(ok.reads()).toBeLessThanOrEqual(1);
    const big = counted('http://x/echo', { method: 'POST', body: 'a'.repeat(1001), headers: { 'content-length': '1001' } });
    const over = await app.request(big.req);
    expect(over.status).toBe(413);
    expect((await over.json()).error).toBe('request body exceeds body_limit of 1000B');
    expect(big.reads()).toBe(0);
  });

  it('counts a chunked body as it arrives', async () => {
    const stream = (n: number) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < n; i++) c.enqueue(new Uint8Array(100));
          c.close();
        },
      });
    const over = await app.request('http://x/echo', { method: 'POST', body: stream(11), duplex: 'half' } as RequestInit);
    expect(over.status).toBe(413);
    const ok = await app.request('http://x/echo', { method: 'POST', body: stream(9), duplex: 'half' } as RequestInit);
    expect(await ok.text()).toBe('900');
  });
});
