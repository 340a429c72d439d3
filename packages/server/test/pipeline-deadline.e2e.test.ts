import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPipelineWorker } from './build-cli.js';
import { startTestServer, type TestServer } from './start-server.js';

/**
 * Issue 18: every pipeline path is cut at the deadline like the worker path. Dispatcher pipelines and
 * the pipelines of protocol writes (Loki push here) run on a pipeline worker that is terminated at the
 * deadline; the built-in identity runs in slices on the main thread, stops at the deadline and writes
 * nothing; VRL work per record is bounded. No timing assertions: "/health answered before the slow
 * request finished" and "nothing was written" are the bounds.
 */
describe('pipelines are cut at the deadline on every path (issue 18)', () => {
  let s: TestServer;
  const sql = async (q: string) => (await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) })).json();
  const upload = (name: string, yaml: string) => s.fetch(`/v1/pipelines/${name}`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
  const workerTasks = async () => Number(/sluice_pipeline_worker_tasks_total (\d+)/.exec(await (await s.fetch('/metrics')).text())?.[1] ?? 0);

  async function healthBeside(slow: () => Promise<Response>): Promise<{ res: Response; body: { code: number; error: string }; healthFirst: boolean }> {
    let done = false;
    const run = slow().then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 150));
    expect((await s.fetch('/health')).status).toBe(200);
    const healthFirst = !done;
    const res = await run;
    return { res, body: await res.json(), healthFirst };
  }

  beforeAll(async () => {
    s = await startTestServer({
      pipelineWorkers: 1,
      pipelineWorkerScript: await buildPipelineWorker(),
      config: { ingest: { max_line_length: '2MiB', vrl_max_steps: 200_000, max_json_depth: 300 } },
    });
    const regex = (field: string) => `processors:\n  - regex:\n      fields: [${field}]\n      patterns: ["(?<z>(.*a){20})"]\ntransform:\n  - field: z\n    type: string\n`;
    expect((await upload('evil_regex', regex('message'))).status).toBe(200);
    expect((await upload('evil_loki', regex('loki_line'))).status).toBe(200);
    expect(
      (await upload('router', 'processors:\n  - epoch:\n      fields: [t]\n      resolution: ms\ndispatcher:\n  field: kind\n  rules:\n    - value: evil\n      table_suffix: _evil\n      pipeline: evil_regex\ntransform:\n  - field: kind\n    type: string\n  - field: t\n    type: epoch, ms\n    index: timestamp\n')).status,
    ).toBe(200);
  }, 120_000);
  afterAll(() => s.close());

  it('a dispatcher pipeline runs on a worker: its target is stopped at the deadline while /health answers', async () => {
    const before = await workerTasks();
    const body = JSON.stringify({ kind: 'evil', t: 1_700_000_000_000, message: 'a'.repeat(400_000) });
    const { res, body: err, healthFirst } = await healthBeside(() =>
      s.fetch('/v1/ingest?table=routed&pipeline_name=router', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-service-timeout': '1s' } }),
    );
    expect(res.status).toBe(408);
    expect(err.code).toBe(1006);
    expect(healthFirst).toBe(true);
    expect(await workerTasks()).toBeGreaterThan(before);
    // The dispatch still works on the worker: short records reach the target pipeline's table.
    const ok = await s.fetch('/v1/ingest?table=routed&pipeline_name=router', {
      method: 'POST',
      body: JSON.stringify([{ kind: 'evil', t: 1_700_000_000_000, message: 'a'.repeat(25) }, { kind: 'plain', t: 1_700_000_000_001 }]),
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(await sql('SELECT count(*) FROM routed_evil'))).toContain('[[1]]');
    expect(JSON.stringify(await sql('SELECT kind FROM routed'))).toContain('[["plain"]]');
  });

  it('a dispatcher dry run of inline YAML runs on a worker too', async () => {
    const before = await workerTasks();
    const res = await s.fetch('/v1/pipelines/_dryrun', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pipeline: 'dispatcher:\n  field: kind\n  rules:\n    - value: evil\n      table_suffix: _evil\n      pipeline: evil_regex\ntransform:\n  - field: kind\n    type: string\n',
        data: [{ kind: 'evil', message: 'xaaaaaaaaaaaaaaaaaaaaaaaaa' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(await workerTasks()).toBe(before + 1);
  });

  it('a Loki push through a user pipeline runs on a worker and is stopped at the deadline', async () => {
    const body = JSON.stringify({ streams: [{ stream: { app: 'x' }, values: [['1700000000000000000', 'a'.repeat(400_000)]] }] });
    const { res, healthFirst } = await healthBeside(() =>
      s.fetch('/v1/logpush/api/v1/push', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-service-pipeline-name': 'evil_loki', 'x-service-timeout': '1s' } }),
    );
    expect(res.status).toBe(408);
    expect(healthFirst).toBe(true);
  });

  it('the identity pipeline over a big body stops at the deadline and writes nothing', async () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => JSON.stringify({ i, level: 'info', message: `line ${i} of a big request`, attrs: { a: i % 7, b: 'x' } })).join('\n');
    const res = await s.fetch('/v1/ingest?table=big_identity&pipeline_name=service_identity', {
      method: 'POST',
      body: lines,
      headers: { 'content-type': 'application/x-ndjson', 'x-service-timeout': '100ms' },
    });
    expect(res.status).toBe(408);
    // The run stopped with the request: no rows arrive later.
    await new Promise((r) => setTimeout(r, 500));
    const count = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SELECT count(*) FROM big_identity' }) });
    const text = await count.text();
    expect(count.status === 200 ? text : 'no table').toMatch(/no table|\[\[0\]\]/);
    // With enough time the same body is written whole.
    const ok = await s.fetch('/v1/ingest?table=big_identity&pipeline_name=service_identity', { method: 'POST', body: lines, headers: { 'content-type': 'application/x-ndjson', 'x-service-timeout': '120s' } });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(await sql('SELECT count(*) FROM big_identity'))).toContain('[[150000]]');
  }, 180_000);

  it('VRL work per record is bounded ([ingest] vrl_max_steps) with a 400 naming the key', async () => {
    const vrl = 'processors:\n  - vrl:\n      source: |\n        xs = split(string!(.message), "")\n        n = 0\n        for_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { n = n + 1 } }\n        .n = n\n        .\ntransform:\n  - field: n\n    type: int64\n';
    expect((await upload('loops', vrl)).status).toBe(200);
    const res = await s.fetch('/v1/ingest?table=loops&pipeline_name=loops', { method: 'POST', body: 'a'.repeat(3000), headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(6000);
    expect(body.error).toContain('[ingest] vrl_max_steps');
    expect((await s.fetch('/v1/ingest?table=loops&pipeline_name=loops', { method: 'POST', body: 'abc', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
  });

  it('JSON nesting depth follows [ingest] max_json_depth', async () => {
    const nest = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const deep = await s.fetch('/v1/ingest?table=deep&pipeline_name=service_identity', { method: 'POST', body: nest(301), headers: { 'content-type': 'application/json' } });
    expect(deep.status).toBe(400);
    expect((await deep.json()).error).toContain('[ingest] max_json_depth');
    const ok = await s.fetch('/v1/ingest?table=deep&pipeline_name=service_identity', { method: 'POST', body: nest(250), headers: { 'content-type': 'application/json' } });
    expect(ok.status).toBe(200);
  });
});
