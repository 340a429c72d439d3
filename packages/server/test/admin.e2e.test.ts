import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'smol-toml';
import { startTestServer, type TestServer } from './start-server.js';

describe('admin and debug endpoints (real server)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { http: { timeout: '45s' } } });
  });
  afterAll(() => s.close());

  it('/health and /status', async () => {
    expect(await (await s.fetch('/health')).json()).toEqual({});
    expect(await (await s.fetch('/health', { method: 'POST' })).json()).toEqual({});
    const status = await (await s.fetch('/status')).json();
    expect(status.node_version).toBe(process.version);
    expect(typeof status.hostname).toBe('string');
  });

  it('/metrics counts requests and reports the store size', async () => {
    await s.fetch('/health');
    const res = await s.fetch('/metrics');
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/sluice_http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
    const size = /sluice_store_size_bytes (\d+)/.exec(text);
    expect(Number(size?.[1])).toBeGreaterThan(0);
  });

  it('/config is the merged configuration as TOML', async () => {
    const cfg = parse(await (await s.fetch('/config')).text()) as Record<string, Record<string, unknown>>;
    expect(cfg.http!.timeout).toBe('45s');
    expect(cfg.storage!.data_home).toBe(s.dataHome);
  });

  it('/dashboard is 404 for now', async () => {
    const res = await s.fetch('/dashboard');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe(1001);
  });

  it('/debug/log_level and /debug/enable_trace', async () => {
    const res = await s.fetch('/debug/log_level', { method: 'POST', body: 'info,storage=debug' });
    expect(await res.text()).toBe('Log Level changed from info to info,storage=debug');
    expect((await s.fetch('/debug/log_level', { method: 'POST', body: 'info,=x' })).status).toBe(400);
    expect(await (await s.fetch('/debug/enable_trace', { method: 'POST', body: 'true' })).text()).toBe('trace enabled');
    await s.fetch('/health');
    expect(await (await s.fetch('/debug/enable_trace', { method: 'POST', body: 'false' })).text()).toBe('trace disabled');
    expect(s.logs.some((l) => l.includes('"msg":"span"') && l.includes('GET /health'))).toBe(true);
    expect((await s.fetch('/debug/enable_trace', { method: 'POST', body: 'yes' })).status).toBe(400);
  });

  it('/debug/prof/cpu and /debug/prof/mem', async () => {
    const cpu = await s.fetch('/debug/prof/cpu?seconds=0.2&output=text', { method: 'POST' });
    expect(await cpu.text()).toMatch(/^CPU profile: \d+ samples/);
    const mem = await s.fetch('/debug/prof/mem', { method: 'POST' });
    expect(mem.status).toBe(200);
    const snapshot = JSON.parse(await mem.text());
    expect(snapshot.snapshot.meta.node_fields).toContain('name');
  });
});

describe('startServer failures', () => {
  it('names an address already in use and leaves the store closed', async () => {
    const { startServer } = await import('../src/server.js');
    const { tempDataHome } = await import('./start-server.js');
    const first = await startTestServer();
    try {
      const home = tempDataHome();
      await expect(startServer({ config: { http: { addr: first.server.address }, storage: { data_home: home }, logging: { level: 'error', log_format: 'json' } }, logStream: { write: () => 0 } })).rejects.toThrow(
        `cannot listen on ${first.server.address}: address ${first.server.address} is already in use`,
      );
      // the store under `home` was closed: a server can open it now
      const again = await startTestServer({ dataHome: home });
      await again.close();
    } finally {
      await first.close();
    }
  });
});

describe('graceful stop', () => {
  it('lets a request in flight finish, then refuses new connections', async () => {
    const s = await startTestServer();
    const inFlight = s.fetch('/debug/prof/cpu?seconds=2&output=text', { method: 'POST' });
    // Stop only once the server holds the request (the scrape counts itself, so 2 in flight).
    await vi.waitFor(async () => expect(await s.fetch('/metrics').then((r) => r.text())).toMatch(/^sluice_http_requests_in_flight 2$/m), { timeout: 5000, interval: 10 });
    const stopped = s.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^CPU profile/);
    await stopped;
    await expect(fetch(s.url + '/health')).rejects.toThrow();
  });
});
