import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPipelineWorker } from './build-cli.js';
import { startTestServer, type TestServer } from './start-server.js';

const NGINX_YAML = readFileSync(new URL('./fixtures/nginx.yaml', import.meta.url), 'utf8');
const NGINX_LOG = readFileSync(new URL('./fixtures/nginx.log', import.meta.url), 'utf8');

describe('ingest on pipeline worker threads', () => {
  let s: TestServer;
  const sql = async (q: string) => (await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) })).text();
  const ingest = (query: string, body: string, type: string) => s.fetch(`/v1/ingest?${query}`, { method: 'POST', body, headers: { 'content-type': type } });

  beforeAll(async () => {
    s = await startTestServer({ pipelineWorkers: 2, pipelineWorkerScript: await buildPipelineWorker() });
    await s.fetch('/v1/pipelines/nginx', { method: 'POST', body: NGINX_YAML, headers: { 'content-type': 'application/x-yaml' } });
  }, 60_000);
  afterAll(() => s.close());

  it('writes the same rows as the main thread, timestamps and 64-bit values exact', async () => {
    const res = await ingest('table=w&pipeline_name=nginx', NGINX_LOG, 'text/plain');
    expect((await res.json()).output).toEqual([{ affectedrows: 4 }]);
    expect(await sql("SELECT ts, size FROM w WHERE ip = '10.0.0.3'")).toContain('[[1795320004000000000,9007199254740993]]');
    const id = await ingest('table=ids&pipeline_name=service_identity', '{"n": 18446744073709551615, "o": {"a": 1}}', 'application/json');
    expect(id.status).toBe(200);
    expect(await sql('SELECT n FROM ids')).toContain('[[18446744073709551615]]');
    // The body's bytes go to the worker (transferred) and are decoded there: invalid UTF-8 becomes U+FFFD.
    const bytes = new Uint8Array([...Buffer.from('{"m": "caf'), 0xff, ...Buffer.from('"}')]);
    const res2 = await s.fetch('/v1/ingest?table=utf&pipeline_name=service_identity', { method: 'POST', body: bytes, headers: { 'content-type': 'application/json' } });
    expect(res2.status).toBe(200);
    expect(await sql('SELECT m FROM utf')).toContain('[["caf\uFFFD"]]');
  });

  it('keeps error semantics: item errors, skip_error, body errors with line numbers', async () => {
    const lines = NGINX_LOG.split('\n')[0] + '\nnot nginx\n';
    const bad = await ingest('table=w2&pipeline_name=nginx', lines, 'text/plain');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^item 1: processor 0 \(dissect\)/);
    const skipped = await ingest('table=w2&pipeline_name=nginx&skip_error=true', lines, 'text/plain');
    expect((await skipped.json()).output).toEqual([{ affectedrows: 1 }]);
    const nd = await ingest('table=w3&pipeline_name=service_identity', '{"a":1}\n{nope}\n', 'application/x-ndjson');
    expect(nd.status).toBe(400);
    expect((await nd.json()).error).toMatch(/line 2/);
    const metrics = await (await s.fetch('/metrics')).text();
    expect(metrics).toMatch(/sluice_pipeline_errors_total\{pipeline="nginx",processor="dissect"\} 2/);
    // Three nginx requests and three identity ones (the identity pipeline parses its body on a worker too).
    expect(metrics).toMatch(/sluice_pipeline_worker_tasks_total 6/);
  });

  it('encodes the chunks of an existing append-mode table on the worker; the rows are those the main thread writes', async () => {
    const encoded = async () => Number(/sluice_pipeline_worker_encoded_total (\d+)/.exec(await (await s.fetch('/metrics')).text())?.[1] ?? 0);
    const before = await encoded();
    // The first write creates the table (rows cross as columns); the next ones find it and are encoded.
    for (let i = 0; i < 3; i++) expect((await ingest('table=enc&pipeline_name=nginx', NGINX_LOG, 'text/plain')).status).toBe(200);
    expect(await encoded()).toBe(before + 2);
    const rows = (await sql('SELECT ts, ip, method, path, status, size, agent FROM enc ORDER BY ts, ip')) as string;
    const once = JSON.parse(await sql('SELECT ts, ip, method, path, status, size, agent FROM w ORDER BY ts, ip')).output[0].records.rows as unknown[];
    expect(JSON.parse(rows).output[0].records.rows).toEqual(once.flatMap((r) => [r, r, r]));
    // A write that adds a column is not encoded ahead (the table evolves): written from rows, nothing lost.
    const extra = NGINX_YAML.replace('transform:', 'transform:\n  - field: user\n    type: string');
    await s.fetch('/v1/pipelines/nginx2', { method: 'POST', body: extra, headers: { 'content-type': 'application/x-yaml' } });
    expect((await ingest('table=enc&pipeline_name=nginx2', NGINX_LOG, 'text/plain')).status).toBe(200);
    expect(await encoded()).toBe(before + 2);
    expect(await sql('SELECT count(*), count(user) FROM enc')).toContain('[[16,4]]');
  });
});
