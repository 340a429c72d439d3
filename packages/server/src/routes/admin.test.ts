import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

describe('admin routes', () => {
  it('/health answers {} to GET and POST', async () => {
    const app = createApp(fakeDeps());
    for (const method of ['GET', 'POST']) {
      const res = await app.request('/health', { method });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('{}');
    }
  });

  it('/status names version, commit, hostname, source time and node version', async () => {
    const body = await (await createApp(fakeDeps()).request('/status')).json();
    expect(Object.keys(body).sort()).toEqual(['commit', 'hostname', 'node_version', 'source_time', 'version']);
    expect(body.version).toBe('0.1.0');
    expect(body.node_version).toBe(process.version);
  });

  it('/metrics exposes request counts per route and status, store size and process metrics', async () => {
    const app = createApp(fakeDeps());
    await app.request('/health');
    await app.request('/nope');
    const text = await (await app.request('/metrics')).text();
    expect(text).toMatch(/sluice_http_requests_total\{method="GET",route="\/health",status="200"\} 1/);
    expect(text).toMatch(/sluice_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(text).toMatch(/sluice_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/health",status="200"\}/);
    expect(text).toMatch(/sluice_store_size_bytes 4096/);
    expect(text).toMatch(/sluice_pipeline_worker_tasks_total 0/);
    expect(text).toMatch(/sluice_nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/sluice_process_cpu_user_seconds_total/);
  });

  it('/config returns the merged configuration as TOML without the user provider', async () => {
    const deps = fakeDeps({ config: { user_provider: 'static_user_provider:cmd:u=secret', http: { timeout: '5s' } } });
    const res = await createApp(deps).request('/config', { headers: { authorization: `Basic ${Buffer.from('u:secret').toString('base64')}` } });
    const text = await res.text();
    expect(text).not.toContain('secret');
    const parsed = parse(text) as Record<string, Record<string, unknown>>;
    expect(parsed.http).toMatchObject({ addr: '127.0.0.1:4000', timeout: '5s', body_limit: '64MiB' });
    expect(parsed.storage).toEqual({ data_home: './sluice_data', maintenance_interval: '60s', backend: 'lmdb' });
  });

  it('/dashboard answers 404 with the error body; unknown paths too', async () => {
    const app = createApp(fakeDeps());
    const res = await app.request('/dashboard');
    expect(res.status).toBe(404);
    expect(Object.keys(await res.json()).sort()).toEqual(['code', 'error', 'execution_time_ms']);
    expect((await app.request('/v1/nothing')).status).toBe(404);
  });
});

describe('wrong methods', () => {
  it('answers 405 with Allow when the path exists for other methods', async () => {
    const app = createApp(fakeDeps());
    const res = await app.request('/v1/ingest');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).error).toBe('method GET not allowed on /v1/ingest (allowed: POST)');
    const put = await app.request('/v1/pipelines/abc', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST, GET, DELETE');
    expect((await app.request('/v1/nothing')).status).toBe(404);
  });
});
