import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { abortReason } from '../workers/abort-reason.js';
import { describe, expect, it } from 'vitest';
import { requestDeadline, requestSignal, requestTimeout } from './timeout.js';
import { errorResponse } from '../errors.js';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';

describe('requestTimeout', () => {
  it('answers 408 with the error body when the handler is too slow', async () => {
    const app = new Hono();
    app.use(requestTimeout(20, '20ms'));
    app.get('/slow', async (c) => {
      await new Promise((r) => setTimeout(r, 200));
      return c.text('late');
    });
    app.get('/fast', (c) => c.text('ok'));
    app.onError((e, c) => errorResponse(c, e));
    const res = await app.request('/slow');
    expect(res.status).toBe(408);
    expect(await res.json()).toMatchObject({ code: 1006, error: 'request timed out after 20ms' });
    expect(await (await app.request('/fast')).text()).toBe('ok');
  });

  it('work that stops itself at the deadline a moment before the timer answers the same 408; a DeadlineExceeded before the deadline stays 504', async () => {
    const app = new Hono();
    app.use(requestTimeout(5_000, '5s'));
    const realNow = Date.now;
    app.get('/self', (c) => {
      // As a worker checking the request's deadline does: the deadline has passed, the timer not fired yet.
      if (c.req.query('late') !== undefined) Date.now = () => realNow() + 10_000;
      throw new SluiceError(StatusCode.DeadlineExceeded, 'deadline exceeded inside the pipeline');
    });
    app.onError((e, c) => errorResponse(c, e));
    const early = await app.request('/self');
    expect(early.status).toBe(504);
    try {
      const late = await app.request('/self?late');
      expect(late.status).toBe(408);
      expect(await late.json()).toMatchObject({ code: StatusCode.DeadlineExceeded });
    } finally {
      Date.now = realNow;
    }
  });

  it('takes a per-request timeout from x-service-timeout', async () => {
    const app = new Hono();
    app.use(requestTimeout(20, '20ms'));
    app.get('/slow', async (c) => {
      await new Promise((r) => setTimeout(r, 60));
      return c.text('done');
    });
    app.onError((e, c) => errorResponse(c, e));
    expect(await (await app.request('/slow', { headers: { 'x-service-timeout': '5s' } })).text()).toBe('done');
    const short = await app.request('/slow', { headers: { 'x-service-timeout': '10ms' } });
    expect((await short.json()).error).toBe('request timed out after 10ms');
    const bad = await app.request('/slow', { headers: { 'x-service-timeout': 'soon' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/invalid x-service-timeout header/);
  });

  it('x-service-timeout: 0s means no timeout for that request, as GreptimeDB; the client going away still cancels', async () => {
    const app = new Hono();
    app.use(requestTimeout(20, '20ms'));
    let deadline: number | undefined = -1;
    app.get('/slow', async (c) => {
      deadline = requestDeadline(c);
      await new Promise((r) => setTimeout(r, 80));
      return c.text(requestSignal(c)?.aborted ? 'aborted' : 'done');
    });
    app.onError((e, c) => errorResponse(c, e));
    // Without the header the configured 20 ms applies, and the handler sees the deadline.
    expect((await app.request('/slow')).status).toBe(408);
    expect(typeof deadline).toBe('number');
    for (const zero of ['0s', '0ms']) {
      const res = await app.request('/slow', { headers: { 'x-service-timeout': zero } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('done');
      expect(deadline).toBeUndefined();
    }
    // A client that goes away still stops the work (the signal fires without a deadline).
    const client = new AbortController();
    let seen: AbortSignal | undefined;
    const app2 = new Hono();
    app2.use(requestTimeout(0, '0s'));
    app2.get('/wait', async (c) => {
      seen = requestSignal(c);
      client.abort();
      return c.text('x');
    });
    await app2.request(new Request('http://localhost/wait', { signal: client.signal }));
    expect(seen?.aborted).toBe(true);
  });

  it('served by @hono/node-server: a client closing its connection fires the signal as Cancelled; a finished request never fires', async () => {
    const app = new Hono();
    app.use(requestTimeout(60_000, '60s'));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let aborted: Promise<unknown> | undefined;
    let done: AbortSignal | undefined;
    app.get('/wait', async (c) => {
      const signal = requestSignal(c)!;
      aborted = new Promise((r) => signal.addEventListener('abort', () => r(abortReason(signal)), { once: true }));
      started();
      await aborted;
      return c.text('late');
    });
    app.get('/quick', (c) => {
      done = requestSignal(c);
      return c.text('ok');
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/quick`)).text()).toBe('ok');
      const client = new AbortController();
      const req = fetch(`${base}/wait`, { signal: client.signal }).catch((e: unknown) => e);
      await running;
      client.abort();
      expect(await req).toBeInstanceOf(Error);
      expect(await aborted).toMatchObject({ code: StatusCode.Cancelled });
      await new Promise((r) => setTimeout(r, 50));
      expect(done?.aborted).toBe(false);
    } finally {
      server.close();
    }
  });
});
