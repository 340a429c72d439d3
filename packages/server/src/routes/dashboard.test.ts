import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createDashboardRoutes } from './dashboard.js';
import { gzipDashboardAssets, loadDashboardAssets } from '../dashboard/assets.js';
import { errorResponse } from '../errors.js';

describe('/dashboard static files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-dash-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/dashboard/assets/index-abc.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const assets = loadDashboardAssets(dir)!;
  const app = createDashboardRoutes(assets);
  app.onError((e, c) => errorResponse(c, e));

  it('answers the page for /dashboard, /dashboard/ and any path without an extension (GET, HEAD, POST)', async () => {
    for (const [path, method] of [['/dashboard', 'GET'], ['/dashboard/', 'GET'], ['/dashboard/logs', 'POST'], ['/dashboard/index.html', 'GET']]) {
      const res = await app.request(path!, { method: method! });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(await res.text()).toContain('/dashboard/assets/index-abc.js');
    }
    const head = await app.request('/dashboard', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves hashed assets for good, gzipped when asked once compressed off the main thread (plain before)', async () => {
    const early = await app.request('/dashboard/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(early.headers.get('content-encoding')).toBeNull();
    expect(await early.text()).toContain('console.log');
    await gzipDashboardAssets(assets);
    const plain = await app.request('/dashboard/assets/index-abc.js');
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toMatch(/immutable/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const gz = await app.request('/dashboard/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(await plain.text());
  });

  it('answers 404 with the error body for a missing file, never reading outside the build', async () => {
    const res = await app.request('/dashboard/assets/none.js');
    expect(res.status).toBe(404);
    expect(Object.keys(await res.json()).sort()).toEqual(['code', 'error', 'execution_time_ms']);
    // Files are served from what was read at start, by exact name: a traversal finds nothing.
    for (const path of ['/dashboard/../package.json', '/dashboard/%2e%2e/%2e%2e/etc/passwd.txt', '/dashboard/assets/../../index.html.js']) {
      const body = await (await app.request(path)).text();
      expect(body, path).not.toMatch(/"name"\s*:|root:/);
    }
  });

  it('is 404 everywhere when the build left the dashboard out (no index.html)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sluice-dash-empty-'));
    try {
      expect(loadDashboardAssets(empty)).toBeUndefined();
      expect(loadDashboardAssets(join(empty, 'missing'))).toBeUndefined();
      const off = createDashboardRoutes(undefined);
      off.onError((e, c) => errorResponse(c, e));
      for (const path of ['/dashboard', '/dashboard/', '/dashboard/assets/x.js']) {
        const res = await off.request(path);
        expect(res.status).toBe(404);
        expect((await res.json()).error).toBe('the dashboard is not available in this build');
      }
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
