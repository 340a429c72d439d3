import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

const YAML = `processors:
  - dissect:
      fields: [message]
      patterns: ['%{user} %{n}']
transform:
  - field: user
    type: string
  - field: n
    type: int64
`;

function setup() {
  const deps = fakeDeps();
  return { deps, app: createApp(deps) };
}

const upload = (app: ReturnType<typeof createApp>, name: string, body: BodyInit, type = 'application/x-yaml') =>
  app.request(`/v1/pipelines/${name}`, { method: 'POST', body, headers: { 'content-type': type } });

describe('/v1/pipelines', () => {
  it('uploads, lists, fetches by version and deletes', async () => {
    const { app } = setup();
    const res = await upload(app, 'p1', YAML);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pipelines).toHaveLength(1);
    const { name, version } = body.pipelines[0];
    expect(name).toBe('p1');
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{9}$/);
    expect(typeof body.execution_time_ms).toBe('number');

    const list = await (await app.request('/v1/pipelines')).json();
    expect(list.pipelines).toEqual([{ name: 'p1', version }]);
    const got = await (await app.request(`/v1/pipelines/p1?version=${encodeURIComponent(version)}`)).json();
    expect(got.pipelines[0]).toEqual({ name: 'p1', version, pipeline: YAML });

    const noVersion = await app.request('/v1/pipelines/p1', { method: 'DELETE' });
    expect(noVersion.status).toBe(400);
    expect((await noVersion.json()).error).toMatch(/version/);
    const del = await app.request(`/v1/pipelines/p1?version=${encodeURIComponent(version)}`, { method: 'DELETE' });
    expect((await del.json()).pipelines).toEqual([{ name: 'p1', version }]);
    const gone = await app.request('/v1/pipelines/p1');
    expect(gone.status).toBe(400);
    expect((await gone.json()).error).toMatch(/Pipeline not found, name: p1, version: /);
  });

  it('accepts a multipart upload with a file part', async () => {
    const { app } = setup();
    const form = new FormData();
    form.append('file', new Blob([YAML], { type: 'application/x-yaml' }), 'pipeline.yaml');
    const res = await app.request('/v1/pipelines/p2', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const got = await (await app.request('/v1/pipelines/p2')).json();
    expect(got.pipelines[0].pipeline).toBe(YAML);
  });

  it('refuses a pipeline that does not compile, naming the problem, and stores nothing', async () => {
    const { app } = setup();
    const res = await upload(app, 'bad', "processors:\n  - dissect:\n      fields: [message]\n      patterns: ['%{a}']\n      ignore_mising: true\n");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(1004);
    expect(body.error).toMatch(/ignore_mising/);
    expect(body.error).toMatch(/dissect/);
    expect(body.error).toMatch(/line 5/);
    expect((await (await app.request('/v1/pipelines')).json()).pipelines).toEqual([]);
  });

  it('reserves service_ names and rejects malformed versions', async () => {
    const { app } = setup();
    const res = await upload(app, 'service_mine', YAML);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Invalid request parameter: pipeline_name cannot start with service_');
    const bad = await app.request('/v1/pipelines/x?version=yesterday', { method: 'DELETE' });
    expect((await bad.json()).error).toBe('Invalid pipeline version format: yesterday');
  });

  it('dry-runs the JSON form with inline YAML or a stored name, writing nothing', async () => {
    const { app, deps } = setup();
    const inline = await app.request('/v1/pipelines/_dryrun', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pipeline: YAML, data: 'ann 9007199254740993\nbob 2', data_type: 'text/plain' }),
    });
    expect(inline.status).toBe(200);
    const text = await inline.text();
    expect(text).toContain('"value":9007199254740993');
    const tables = JSON.parse(text);
    expect(tables).toHaveLength(1);
    expect(tables[0].table_name).toBe('dry_run');
    expect(tables[0].schema.map((s: { name: string }) => s.name)).toEqual(['user', 'n', 'service_timestamp']);
    expect(tables[0].schema[1]).toEqual({ name: 'n', data_type: 'INT64', column_type: 'FIELD', fulltext: false });
    expect(tables[0].rows[1][0]).toEqual({ key: 'user', value: 'bob', data_type: 'STRING', semantic_type: 'FIELD' });

    await upload(app, 'stored', YAML);
    const byName = await app.request('/v1/pipelines/_dryrun', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pipeline_name: 'stored', data: [{ message: 'cy 3' }] }),
    });
    expect((await byName.json())[0].rows).toHaveLength(1);
    expect(deps.writes).toHaveLength(0);
  });

  it('dry-runs the raw form (body is data, pipeline in the query)', async () => {
    const { app } = setup();
    await upload(app, 'stored', YAML);
    const res = await app.request('/v1/pipelines/_dryrun?pipeline_name=stored', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'dan 4' });
    expect(res.status).toBe(200);
    expect((await res.json())[0].rows[0][1].value).toBe(4);
  });

  it('reports dry-run input errors', async () => {
    const { app } = setup();
    const post = (body: unknown) =>
      app.request('/v1/pipelines/_dryrun', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await (await post({ data: 'x' })).json()).error).toMatch(/exactly one of 'pipeline'/);
    expect((await (await post({ pipeline: YAML, data: 'x', extra: 1 })).json()).error).toMatch(/unknown key 'extra'/);
    const failing = await post({ pipeline: YAML, data: 'no-space-here', data_type: 'text/plain' });
    expect(failing.status).toBe(400);
    expect((await failing.json()).error).toMatch(/item 0/);
  });
});

describe('GreptimeDB path aliases', () => {
  it('serves /v1/events/pipelines and /v1/events/logs like /v1/pipelines and /v1/ingest', async () => {
    const { app, deps } = setup();
    const up = await app.request('/v1/events/pipelines/old', { method: 'POST', body: YAML, headers: { 'content-type': 'application/x-yaml' } });
    expect(up.status).toBe(200);
    expect((await (await app.request('/v1/pipelines')).json()).pipelines.map((p: { name: string }) => p.name)).toEqual(['old']);
    const res = await app.request('/v1/events/logs?table=t&pipeline_name=old', { method: 'POST', body: 'ann 1', headers: { 'content-type': 'text/plain' } });
    expect((await res.json()).output).toEqual([{ affectedrows: 1 }]);
    expect(deps.writes).toHaveLength(1);
  });
});
