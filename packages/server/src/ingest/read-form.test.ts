import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readForm } from './read-form.js';

/** What readForm and hono's own parseBody answer for the same request. */
async function both(body: string | FormData, type: string | undefined, all: boolean) {
  const app = new Hono();
  app.post('/mine', async (c) => c.json({ ...(await readForm(c, all)) }));
  app.post('/hono', async (c) => c.json({ ...(await c.req.parseBody({ all })) }));
  const init = () => ({ method: 'POST', body, ...(type ? { headers: { 'content-type': type } } : {}) });
  const mine = await app.request('/mine', init());
  const hono = await app.request('/hono', init());
  return { mine: await mine.json(), hono: await hono.json() };
}

describe('readForm', () => {
  const bodies = [
    'sql=SELECT+1&db=public',
    'sql=SELECT%20%27a%26b%27%2C+%E2%82%AC&format=csv',
    'sql=first&sql=second&db=',
    'x[]=1&x[]=2&y=3&y=4',
    '=empty&novalue&a=%zz&b=1%2',
    '',
  ];
  for (const all of [false, true]) {
    for (const body of bodies) {
      it(`reads a urlencoded body as hono's parseBody does (all=${all}): ${JSON.stringify(body)}`, async () => {
        const r = await both(body, 'application/x-www-form-urlencoded; charset=UTF-8', all);
        expect(r.mine).toEqual(r.hono);
      });
    }
  }

  it('reads multipart bodies (hono parses them) and answers 400 for a body that is not the form it claims', async () => {
    const fd = new FormData();
    fd.append('sql', 'SELECT 2');
    const r = await both(fd, undefined, false);
    expect(r.mine).toEqual({ sql: 'SELECT 2' });
    const app = new Hono();
    app.onError((e) => new Response((e as Error).message, { status: (e as { status?: number }).status ?? 500 }));
    app.post('/mine', async (c) => c.json({ ...(await readForm(c)) }));
    const bad = await app.request('/mine', { method: 'POST', body: 'not multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(await bad.text()).toMatch(/not valid multipart\/form-data/);
  });
});
