import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

/** What may answer without credentials when a user provider is set: the list, nothing else. */
const ALWAYS_OPEN = ['/health', '/ready', '/v1/lineproto/ping', '/v1/lineproto/health', '/dashboard'];
const OPEN_PREFIX = '/dashboard/';
const USERS = 'static_user_provider:cmd:alice=pw';
const basic = `Basic ${Buffer.from('alice:pw').toString('base64')}`;

/** Every route of the app (handlers and middleware) as a concrete method and path. */
function routeTable(app: Hono): { method: string; path: string; pattern: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string; pattern: string }[] = [];
  for (const r of app.routes) {
    const path = r.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, 'x').replace(/\*/g, 'x');
    const method = r.method === 'ALL' ? 'GET' : r.method;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method, path, pattern: r.path });
  }
  return out;
}

async function statusOf(app: Hono, method: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await app.request(path, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: '' }) });
  await res.arrayBuffer();
  return res.status;
}

describe('with a user provider, only the open paths answer without credentials (walks the route table)', () => {
  it('every route of the real app needs credentials unless it is on the open list', async () => {
    const app = createApp(fakeDeps({ config: { user_provider: USERS } }));
    const routes = routeTable(app);
    // The walk covers what the app mounts (other protocols' routes are added to the same table).
    expect(routes.map((r) => r.pattern)).toEqual(expect.arrayContaining(['/v1/sql', '/v1/ingest', '/v1/pipelines/:name', '/config', '/debug/prof/cpu']));
    const open: string[] = [];
    for (const r of routes) {
      const status = await statusOf(app, r.method, r.path);
      const shouldBeOpen = ALWAYS_OPEN.includes(r.path) || r.path.startsWith(OPEN_PREFIX) || r.path === '/metrics' || r.path === '/status';
      if (shouldBeOpen) open.push(r.path);
      expect({ route: `${r.method} ${r.pattern}`, status: status === 401 ? 401 : 'not 401' }).toEqual({ route: `${r.method} ${r.pattern}`, status: shouldBeOpen ? 'not 401' : 401 });
    }
    expect(open).toEqual(expect.arrayContaining(['/health', '/metrics', '/status']));
  });

  it('a path that is not a route needs credentials too (no 404 that leaks the route table)', async () => {
    const app = createApp(fakeDeps({ config: { user_provider: USERS } }));
    expect(await statusOf(app, 'GET', '/no/such/route')).toBe(401);
    expect(await statusOf(app, 'POST', '/v1/sql/../config')).toBe(401);
  });

  it('/metrics and /status close with their switches; good credentials open them again', async () => {
    const app = createApp(fakeDeps({ config: { user_provider: USERS, http: { metrics_without_auth: false, status_without_auth: false } } }));
    expect(await statusOf(app, 'GET', '/metrics')).toBe(401);
    expect(await statusOf(app, 'GET', '/status')).toBe(401);
    expect(await statusOf(app, 'GET', '/health')).toBe(200);
    expect(await statusOf(app, 'GET', '/metrics', { authorization: basic })).toBe(200);
    expect(await statusOf(app, 'GET', '/status', { authorization: basic })).toBe(200);
  });
});
