import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

const NGINX_YAML = readFileSync(new URL('./fixtures/nginx.yaml', import.meta.url), 'utf8');
const NGINX_LOG = readFileSync(new URL('./fixtures/nginx.log', import.meta.url), 'utf8');

describe('/v1/pipelines end to end', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const upload = (name: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/x-yaml' }) =>
    s.fetch(`/v1/pipelines/${name}`, { method: 'POST', body, headers });

  it('uploads versions, fetches, lists and deletes them', async () => {
    const v1 = (await (await upload('nginx', NGINX_YAML)).json()).pipelines[0].version as string;
    const form = new FormData();
    form.append('file', new Blob([NGINX_YAML]), 'nginx.yaml');
    const v2 = (await (await s.fetch('/v1/pipelines/nginx', { method: 'POST', body: form })).json()).pipelines[0].version as string;
    expect(v1).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{3}|\.\d{6}|\.\d{9})?$/);
    expect(v2 > v1).toBe(true);

    const latest = await (await s.fetch('/v1/pipelines/nginx')).json();
    expect(latest.pipelines[0]).toMatchObject({ name: 'nginx', version: v2, pipeline: NGINX_YAML });
    const first = await (await s.fetch(`/v1/pipelines/nginx?version=${encodeURIComponent(v1)}`)).json();
    expect(first.pipelines[0].version).toBe(v1);
    const list = await (await s.fetch('/v1/pipelines')).json();
    expect(list.pipelines.filter((p: { name: string }) => p.name === 'nginx').map((p: { version: string }) => p.version).sort()).toEqual([v1, v2]);

    const ingestOld = await s.fetch(`/v1/ingest?table=t_old&pipeline_name=nginx&version=${encodeURIComponent(v1)}`, { method: 'POST', body: NGINX_LOG, headers: { 'content-type': 'text/plain' } });
    expect((await ingestOld.json()).output).toEqual([{ affectedrows: 4 }]);

    const del = await s.fetch(`/v1/pipelines/nginx?version=${encodeURIComponent(v1)}`, { method: 'DELETE' });
    expect((await del.json()).pipelines).toEqual([{ name: 'nginx', version: v1 }]);
    const again = await s.fetch(`/v1/pipelines/nginx?version=${encodeURIComponent(v1)}`, { method: 'DELETE' });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatch(/not found/);
    expect((await s.fetch('/v1/pipelines/nginx', { method: 'DELETE' })).status).toBe(400);
  });

  it('refuses bad pipelines with the processor, key and line, and reserved names', async () => {
    const bad = await upload('broken', 'processors:\n  - date:\n      fields: [ts]\n      formats: ["%Y"]\n      timezone_x: UTC\n');
    expect(bad.status).toBe(400);
    const err = await bad.json();
    expect(err.error).toMatch(/date/);
    expect(err.error).toMatch(/timezone_x/);
    expect(err.error).toMatch(/line 5/);
    const reserved = await upload('service_nginx', NGINX_YAML);
    expect(reserved.status).toBe(400);
    expect((await reserved.json()).error).toBe('Invalid request parameter: pipeline_name cannot start with service_');
  });

  it('dry-runs both forms without writing', async () => {
    const json = await s.fetch('/v1/pipelines/_dryrun', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pipeline: NGINX_YAML, data: NGINX_LOG, data_type: 'text/plain' }),
    });
    expect(json.status).toBe(200);
    const text = await json.text();
    expect(text).toContain('"key":"size","value":9007199254740993');
    const [table] = JSON.parse(text);
    expect(table.rows).toHaveLength(4);
    expect(table.schema.find((c: { name: string }) => c.name === 'ts')).toMatchObject({ data_type: 'TIMESTAMP_NANOSECOND', column_type: 'TIMESTAMP' });
    await upload('nginx2', NGINX_YAML);
    const raw = await s.fetch('/v1/pipelines/_dryrun?pipeline_name=nginx2', { method: 'POST', body: NGINX_LOG, headers: { 'content-type': 'text/plain' } });
    expect((await raw.json())[0].rows).toHaveLength(4);
    const tables = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SHOW TABLES' }) });
    expect(await tables.text()).not.toContain('dryrun');
  });
});
