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
});
