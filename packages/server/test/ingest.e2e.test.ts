import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

const NGINX_YAML = readFileSync(new URL('./fixtures/nginx.yaml', import.meta.url), 'utf8');
const NGINX_LOG = readFileSync(new URL('./fixtures/nginx.log', import.meta.url), 'utf8');

describe('/v1/ingest end to end', () => {
  let s: TestServer;
  const sql = async (q: string, db = 'public') => {
    const res = await s.fetch(`/v1/sql?db=${db}`, { method: 'POST', body: new URLSearchParams({ sql: q }) });
    return { status: res.status, text: await res.text() };
  };
  const ingest = (query: string, body: BodyInit, headers: Record<string, string>) => s.fetch(`/v1/ingest?${query}`, { method: 'POST', body, headers });

  beforeAll(async () => {
    s = await startTestServer();
    const up = await s.fetch('/v1/pipelines/nginx', { method: 'POST', body: NGINX_YAML, headers: { 'content-type': 'application/x-yaml' } });
    expect(up.status).toBe(200);
  });
  afterAll(() => s.close());

  it('ingests nginx lines and reads them back with SQL, 64-bit sizes exact', async () => {
    const res = await ingest('table=nginx_logs&pipeline_name=nginx', NGINX_LOG, { 'content-type': 'text/plain' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.output).toEqual([{ affectedrows: 4 }]);
    const count = await sql('SELECT count(*) FROM nginx_logs');
    expect(JSON.parse(count.text).output[0].records.rows).toEqual([[4]]);
    const big = await sql("SELECT size FROM nginx_logs WHERE ip = '10.0.0.3'");
    expect(big.text).toContain('[[9007199254740993]]');
    const csv = await sql('SELECT ip, status FROM nginx_logs WHERE status = 404');
    expect(csv.status).toBe(200);
    const rows = await s.fetch(`/v1/sql?format=csv&sql=${encodeURIComponent("SELECT ip, status FROM nginx_logs WHERE status = 404")}`);
    expect(await rows.text()).toBe('10.0.0.1,404\r\n');
  });

  it('creates log tables in append mode', async () => {
    const res = await sql('SHOW CREATE TABLE nginx_logs');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/append_mode/);
  });

  it('takes gzip bodies, NDJSON and service_identity', async () => {
    const nd = '{"host":"a","n":1}\n{"host":"b","n":2}\n';
    const res = await ingest('table=ids&pipeline_name=service_identity', gzipSync(nd), { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' });
    expect((await res.json()).output).toEqual([{ affectedrows: 2 }]);
    const q = await sql('SELECT host, n FROM ids ORDER BY n');
    expect(JSON.parse(q.text).output[0].records.rows).toEqual([['a', 1], ['b', 2]]);
  });

  it('fails the whole request on a bad line unless skip_error', async () => {
    const lines = NGINX_LOG.split('\n')[0] + '\nthis is not nginx\n';
    const bad = await ingest('table=partial&pipeline_name=nginx', lines, { 'content-type': 'text/plain' });
    expect(bad.status).toBe(400);
    const err = await bad.json();
    expect(err.code).toBe(1004);
    expect(err.error).toMatch(/item 1/);
    const none = await sql('SELECT count(*) FROM partial');
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text).code).toBe(4001);
    const ok = await ingest('table=partial&pipeline_name=nginx&skip_error=true', lines, { 'content-type': 'text/plain' });
    expect((await ok.json()).output).toEqual([{ affectedrows: 1 }]);
  });

  it('reports bad requests with the error body', async () => {
    const cases: [string, BodyInit, Record<string, string>, RegExp][] = [
      ['pipeline_name=nginx', 'x', { 'content-type': 'text/plain' }, /^Invalid request parameter: table is required$/],
      ['table=t&pipeline_name=nope', 'x', { 'content-type': 'text/plain' }, /pipeline 'nope' not found/],
      ['table=t&pipeline_name=nginx', 'x', { 'content-type': 'image/png' }, /accepted: application\/json/],
      ['table=t&pipeline_name=service_identity', '{"a":1}\n[oops\n', { 'content-type': 'application/x-ndjson' }, /line 2/],
      ['table=t&pipeline_name=nginx&db=nowhere', NGINX_LOG, { 'content-type': 'text/plain' }, /nowhere/],
    ];
    for (const [query, body, headers, message] of cases) {
      const res = await ingest(query, body, headers);
      expect(res.status).toBe(400);
      const err = await res.json();
      expect(Object.keys(err).sort()).toEqual(['code', 'error', 'execution_time_ms']);
      expect(err.error).toMatch(message);
    }
  });

  it('counts ingested rows in /metrics', async () => {
    const text = await (await s.fetch('/metrics')).text();
    expect(text).toMatch(/sluice_ingest_rows_total\{db="public",table="nginx_logs",pipeline="nginx"\} 4/);
    expect(text).toMatch(/sluice_pipeline_errors_total\{pipeline="nginx",processor="dissect"\} [1-9]/);
  });
});
