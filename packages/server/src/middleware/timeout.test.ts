import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestTimeout } from './timeout.js';
import { errorResponse } from '../errors.js';

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
});
