import { gzipSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

const PIPELINE = `processors:
  - dissect:
      fields: [message]
      patterns: ['%{ip} %{method} %{status}']
transform:
  - fields: [ip, method]
    type: string
  - field: status
    type: int32
`;

async function setup(config = {}) {
  const deps = fakeDeps({ config });
  const app = createApp(deps);
  const up = await app.request('/v1/pipelines/web', { method: 'POST', body: PIPELINE, headers: { 'content-type': 'application/x-yaml' } });
  expect(up.status).toBe(200);
  return { deps, app };
}

const ingest = (app: ReturnType<typeof createApp>, query: string, body: BodyInit, headers: Record<string, string>) =>
  app.request(`/v1/ingest?${query}`, { method: 'POST', body, headers });

describe('POST /v1/ingest', () => {
  it('runs text lines through the pipeline and writes an append-mode table', async () => {
    const { deps, app } = await setup();
    const res = await ingest(app, 'table=logs&pipeline_name=web', '1.2.3.4 GET 200\n\n5.6.7.8 POST 500\n', { 'content-type': 'text/plain' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.output).toEqual([{ affectedrows: 2 }]);
    expect(typeof body.execution_time_ms).toBe('number');
    const [write] = deps.writes;
    expect(write![0]!.table).toBe('logs');
    expect(write![0]!.db).toBe('public');
    expect(write![0]!.options).toMatchObject({ append_mode: true });
    expect(write![0]!.rows.map((r) => r.slice(0, 3))).toEqual([['1.2.3.4', 'GET', 200], ['5.6.7.8', 'POST', 500]]);
  });

  it('accepts a JSON array, one object, NDJSON, and gzip/deflate bodies', async () => {
    const { app } = await setup();
    const h = { 'content-type': 'application/json' };
    expect((await (await ingest(app, 'table=t&pipeline_name=web', JSON.stringify([{ message: 'a GET 1' }, { message: 'b GET 2' }]), h)).json()).output).toEqual([{ affectedrows: 2 }]);
    expect((await (await ingest(app, 'table=t&pipeline_name=web', JSON.stringify({ message: 'a GET 1' }), h)).json()).output).toEqual([{ affectedrows: 1 }]);
    const nd = '{"message":"a GET 1"}\n{"message":"b GET 2"}\n';
    expect((await (await ingest(app, 'table=t&pipeline_name=web', nd, { 'content-type': 'application/x-ndjson' })).json()).output).toEqual([{ affectedrows: 2 }]);
    expect((await (await ingest(app, 'table=t&pipeline_name=web', nd, h)).json()).output).toEqual([{ affectedrows: 2 }]);
    const gz = await ingest(app, 'table=t&pipeline_name=web', gzipSync(nd), { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' });
    expect((await gz.json()).output).toEqual([{ affectedrows: 2 }]);
    const df = await ingest(app, 'table=t&pipeline_name=web', deflateSync(nd), { 'content-type': 'application/x-ndjson', 'content-encoding': 'deflate' });
    expect((await df.json()).output).toEqual([{ affectedrows: 2 }]);
  });

  it('names the bad NDJSON line', async () => {
    const { app } = await setup();
    const res = await ingest(app, 'table=t&pipeline_name=web', '{"message":"a GET 1"}\n{oops\n', { 'content-type': 'application/x-ndjson' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(1004);
    expect(body.error).toMatch(/line 2/);
  });

  it('rejects other content types naming the accepted ones', async () => {
    const { app } = await setup();
    const res = await ingest(app, 'table=t&pipeline_name=web', 'x', { 'content-type': 'application/xml' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/application\/json, application\/x-ndjson, text\/plain/);
  });

  it('fails the whole request on one bad item unless skip_error', async () => {
    const { deps, app } = await setup();
    const lines = '1.2.3.4 GET 200\nnot-a-match\n';
    const res = await ingest(app, 'table=t&pipeline_name=web', lines, { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/item 1/);
    expect(deps.writes).toHaveLength(0);
    const skip = await ingest(app, 'table=t&pipeline_name=web&skip_error=true', lines, { 'content-type': 'text/plain' });
    expect((await skip.json()).output).toEqual([{ affectedrows: 1 }]);
    const viaHeader = await ingest(app, 'table=t&pipeline_name=web', lines, { 'content-type': 'text/plain', 'x-service-pipeline-params': 'skip_error=true' });
    expect((await viaHeader.json()).output).toEqual([{ affectedrows: 1 }]);
    const metrics = await (await app.request('/metrics')).text();
    expect(metrics).toMatch(/sluice_pipeline_errors_total\{pipeline="web",processor="dissect"\} 3/);
    expect(metrics).toMatch(/sluice_ingest_rows_total\{db="public",table="t",pipeline="web"\} 2/);
  });

  it('needs table and pipeline_name, and a known database and pipeline', async () => {
    const { app } = await setup();
    const t = { 'content-type': 'text/plain' };
    expect((await (await ingest(app, 'pipeline_name=web', 'a', t)).json()).error).toBe('Invalid request parameter: table is required');
    expect((await (await ingest(app, 'table=x', 'a', t)).json()).error).toMatch(/^Invalid request parameter: pipeline_name is required/);
    const nodb = await ingest(app, 'table=x&pipeline_name=web&db=nope', 'a GET 1', t);
    expect(nodb.status).toBe(400);
    expect((await nodb.json()).code).toBe(4004);
    expect((await (await ingest(app, 'table=x&pipeline_name=missing', 'a', t)).json()).error).toBe('Pipeline not found, name: missing, version: latest');
    const viaHeader = await ingest(app, 'table=x', 'a GET 1', { ...t, 'x-service-pipeline-name': 'web' });
    expect(viaHeader.status).toBe(200);
  });

  it('uses service_identity without an upload and keeps 64-bit integers exact', async () => {
    const deps = fakeDeps();
    const app = createApp(deps);
    const res = await ingest(app, 'table=ids&pipeline_name=service_identity', '{"id": 9007199254740993, "name": "x"}', { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    const row = deps.writes[0]![0]!;
    const idCol = row.schema.findIndex((c) => c.name === 'id');
    expect(row.rows[0]![idCol]).toBe(9007199254740993n);
  });

  it('answers 413 beyond body_limit, also for a decompressed body', async () => {
    const { app } = await setup({ http: { body_limit: '1KiB' } });
    const big = 'a GET 1\n'.repeat(200);
    const res = await ingest(app, 'table=t&pipeline_name=web', big, { 'content-type': 'text/plain' });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/body_limit/);
    const bomb = await ingest(app, 'table=t&pipeline_name=web', gzipSync(big), { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    expect(bomb.status).toBe(413);
  });

  it('rejects an unknown Content-Encoding', async () => {
    const { app } = await setup();
    const res = await ingest(app, 'table=t&pipeline_name=web', 'x', { 'content-type': 'text/plain', 'content-encoding': 'lz4' });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/lz4/);
  });

  it('reports a store failure with its code', async () => {
    const { app } = await setup();
    const res = await ingest(app, 'table=failing&pipeline_name=web', 'a GET 1', { 'content-type': 'text/plain' });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe(5000);
  });
});

describe('http.is_strict_mode', () => {
  it('rejects invalid UTF-8 when on and replaces it when off', async () => {
    const bad = Buffer.concat([Buffer.from('1.2.3.4 GET '), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]);
    const strict = await setup({ http: { is_strict_mode: true } });
    const res = await ingest(strict.app, 'table=t&pipeline_name=web', bad, { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/not valid UTF-8/);
    const lax = await setup();
    const ok = await ingest(lax.app, 'table=t&pipeline_name=web&skip_error=true', bad, { 'content-type': 'text/plain' });
    expect(ok.status).toBe(200);
  });
});
