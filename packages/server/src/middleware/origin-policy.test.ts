import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

const SQL = '/v1/sql?sql=select%201';
const ONE = { 'select 1': [{ kind: 'affected_rows' as const, count: 0 }] };

describe('origin policy and CORS', () => {
  it('refuses a state-changing request from a web page of another origin', async () => {
    const app = createApp(fakeDeps({ answers: ONE }));
    const res = await app.request('/v1/pipelines/p', { method: 'POST', body: 'processors: []', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/origin 'https:\/\/evil\.example' is not allowed to send POST/);
    // A cross-site GET that a link or <img> would send (no Origin, Sec-Fetch-Site says cross-site).
    expect((await app.request(SQL, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    // Same origin (a page this server served) and non-browser clients pass.
    expect((await app.request(SQL, { method: 'POST', headers: { origin: 'http://localhost' } })).status).toBe(200);
    expect((await app.request(SQL, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await app.request(SQL, { method: 'POST' })).status).toBe(200);
  });

  it('sends no CORS headers unless http.cors_allowed_origins lists the origin', async () => {
    const off = createApp(fakeDeps({ answers: ONE }));
    const res = await off.request(SQL, { headers: { origin: 'https://grafana.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await off.request('/v1/sql', { method: 'OPTIONS', headers: { origin: 'https://grafana.example', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(403);
  });

  it('answers a preflight from a listed origin with 200, as GreptimeDB does, and lets it write', async () => {
    const app = createApp(fakeDeps({ answers: ONE, config: { http: { cors_allowed_origins: ['https://grafana.example'] } } }));
    const pre = await app.request('/v1/sql', {
      method: 'OPTIONS',
      headers: { origin: 'https://grafana.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://grafana.example');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, authorization');
    const res = await app.request(SQL, { method: 'POST', headers: { origin: 'https://grafana.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://grafana.example');
    const err = await app.request('/v1/sql', { headers: { origin: 'https://grafana.example' } });
    expect(err.status).toBe(400);
    expect(err.headers.get('access-control-allow-origin')).toBe('https://grafana.example');
    expect((await app.request(SQL, { method: 'POST', headers: { origin: 'https://other.example' } })).status).toBe(403);
  });
});
