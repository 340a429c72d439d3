import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPipelineWorker } from './build-cli.js';
import { startTestServer, type TestServer } from './start-server.js';

/**
 * Issue 18: one hostile request never holds the server. Each case checks the answer (a 4xx or a
 * timeout with the JSON error body) and that /health answered while the request was running or
 * right after it. No timing assertions: "answered before the other request finished" is the bound.
 */
describe('isolation and budgets (issue 18)', () => {
  let s: TestServer;
  const sql = (q: string, headers: Record<string, string> = {}) => s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }), headers });
  const upload = (name: string, yaml: string) => s.fetch(`/v1/pipelines/${name}`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
  const ingest = (pipeline: string, body: string, headers: Record<string, string> = {}) =>
    s.fetch(`/v1/ingest?table=logs&pipeline_name=${pipeline}`, { method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } });

  /** Runs `slow`; once it is in flight, asks /health; returns both, and whether health came first. */
  async function healthBeside(slow: () => Promise<Response>): Promise<{ res: Response; body: { code: number; error: string; execution_time_ms: number }; healthFirst: boolean }> {
    let slowDone = false;
    const run = slow().then((r) => ((slowDone = true), r));
    await new Promise((r) => setTimeout(r, 150));
    const health = await s.fetch('/health');
    expect(health.status).toBe(200);
    const healthFirst = !slowDone;
    const res = await run;
    return { res, body: await res.json(), healthFirst };
  }

  beforeAll(async () => {
    s = await startTestServer({
      pipelineWorkers: 1,
      pipelineWorkerScript: await buildPipelineWorker(),
      config: { ingest: { max_line_length: '2MiB', max_items: 1000 } },
    });
    expect((await sql('CREATE TABLE t (ts TIMESTAMP TIME INDEX, b STRING, n BIGINT)')).status).toBe(200);
    const values = Array.from({ length: 5000 }, (_, i) => `(${i}, 'bbbb${i % 7}', ${i % 50})`).join(',');
    expect((await sql(`INSERT INTO t VALUES ${values}`)).status).toBe(200);
  }, 120_000);
  afterAll(() => s.close());

  it('repeat() over 5,000 rows answers RuntimeResourcesExhausted instead of crashing the heap', async () => {
    const res = await sql('SELECT length(repeat(b, 400000)) FROM t');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 6000 });
    expect(body.error).toContain('[query] memory_limit');
    expect(typeof body.execution_time_ms).toBe('number');
    expect((await s.fetch('/health')).status).toBe(200);
  });

  it('backtracking LIKE / SHOW TABLES LIKE / regex answer at once (linear matchers)', async () => {
    const a60 = 'a'.repeat(60);
    const res = await sql(`SELECT '${a60}' LIKE '%a%a%a%a%a%a%a%a%b' AS l, regexp_like('${a60}!', '(a+)+$') AS r, '${a60}!' ~ '(a+)+$' AS t`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain('[[false,false,false]]');
    const show = await sql("SHOW TABLES LIKE '%%%%%%%%a'");
    expect(show.status).toBe(200);
  });

  it('SQL nested 300 deep or with 5,000 terms is a 400 naming the limit; a 10 MB literal runs', async () => {
    const deep = await sql(`SELECT ${'('.repeat(300)}1${')'.repeat(300)}`);
    expect(deep.status).toBe(400);
    expect((await deep.json()).error).toContain('max_expr_depth');
    const terms = await sql(`SELECT * FROM t WHERE ${Array.from({ length: 5000 }, (_, i) => `n = ${i}`).join(' OR ')}`);
    expect(terms.status).toBe(400);
    expect((await terms.json()).error).toContain('max_expr_terms');
    const big = await sql(`SELECT length('${'y'.repeat(10 * 1024 * 1024)}') AS n`);
    expect(big.status).toBe(200);
    expect(JSON.stringify(await big.json())).toContain(`[[${10 * 1024 * 1024}]]`);
  });

  it('a query past its timeout answers 408 DeadlineExceeded while /health keeps answering', async () => {
    const q = 'SELECT count(*) FROM t a JOIN t b ON a.n = b.n JOIN t c ON b.n = c.n';
    const { res, body, healthFirst } = await healthBeside(() => sql(q, { 'x-service-timeout': '1s' }));
    expect(res.status).toBe(408);
    expect(body).toMatchObject({ code: 1006 });
    expect(body.error).toContain('timed out after 1s');
    expect(healthFirst).toBe(true);
    // The work stopped with the request: the server is free for the next one.
    expect((await sql('SELECT count(*) FROM t')).status).toBe(200);
  });

  it('a regex processor over a long line is stopped at the deadline on its worker; /health answers meanwhile', async () => {
    expect((await upload('evil_regex', 'processors:\n  - regex:\n      fields: [message]\n      patterns: ["(?<z>(.*a){20})"]\ntransform:\n  - field: z\n    type: string\n')).status).toBe(200);
    const { res, body, healthFirst } = await healthBeside(() => ingest('evil_regex', 'a'.repeat(400_000), { 'x-service-timeout': '1s' }));
    expect(res.status).toBe(408);
    expect(body.code).toBe(1006);
    expect(healthFirst).toBe(true);
    // The worker was replaced: the pipeline still works on a short line.
    const ok = await ingest('evil_regex', 'a'.repeat(25));
    expect(ok.status).toBe(200);
  });

  it('VRL that would build gigabytes is a 400 naming [ingest] max_value_size', async () => {
    const vrl = (src: string) => `processors:\n  - vrl:\n      source: |\n${src.split('\n').map((l) => `        ${l}`).join('\n')}\ntransform:\n  - field: message\n    type: string\n`;
    expect((await upload('evil_repeat', vrl('.s = "a" * 100000000\n.'))).status).toBe(200);
    const rep = await ingest('evil_repeat', 'x');
    expect(rep.status).toBe(400);
    expect((await rep.json()).error).toContain('[ingest] max_value_size');
    expect((await upload('evil_split', vrl('.parts = split("a" * 30000000, "")\n.'))).status).toBe(200);
    const split = await ingest('evil_split', 'x');
    expect(split.status).toBe(400);
    expect((await split.json()).error).toContain('[ingest] max_value_size');
  });

  it('a line over max_line_length and a request over max_items are 400s naming the limit', async () => {
    const long = await ingest('service_identity', 'z'.repeat(3 * 1024 * 1024));
    expect(long.status).toBe(400);
    expect((await long.json()).error).toContain('[ingest] max_line_length');
    // The regex pipeline of the issue on a 10 MB line is refused before any matching.
    const tenMb = await ingest('evil_regex', 'a'.repeat(10 * 1024 * 1024));
    expect(tenMb.status).toBe(400);
    expect((await tenMb.json()).error).toContain('[ingest] max_line_length');
    const many = await ingest('service_identity', Array.from({ length: 1001 }, (_, i) => `line ${i}`).join('\n'));
    expect(many.status).toBe(400);
    expect((await many.json()).error).toContain('[ingest] max_items');
    // Through the worker as well.
    const w = await ingest('evil_regex', Array.from({ length: 1001 }, () => 'b').join('\n'));
    expect(w.status).toBe(400);
    expect((await w.json()).error).toContain('[ingest] max_items');
  });

  /**
   * The isolation property with many samples: for WINDOW_MS the hostile request is sent back to back
   * while /health is probed every 50 ms. A server whose event loop a request holds answers only a
   * probe or two in that window; here nearly every probe gets through. Generous bounds (the machine
   * running the tests may be loaded); the timed figures are measured in bench/load.bench.mjs.
   */
  describe('/health keeps answering beside each kind of heavy request (many samples)', () => {
    const WINDOW_MS = 2500;
    async function probeBeside(send: () => Promise<Response>): Promise<{ probes: number[]; statuses: number[]; sent: number }> {
      const end = Date.now() + WINDOW_MS;
      const probes: number[] = [];
      const statuses: number[] = [];
      let sent = 0;
      const hostile = (async () => {
        while (Date.now() < end) {
          const r = await send();
          await r.arrayBuffer();
          statuses.push(r.status);
          sent++;
        }
      })();
      // Let the first hostile request start before probing.
      await new Promise((r) => setTimeout(r, 100));
      while (Date.now() < end) {
        const t = performance.now();
        const h = await s.fetch('/health');
        await h.arrayBuffer();
        expect(h.status).toBe(200);
        probes.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
      await hostile;
      return { probes: probes.sort((a, b) => a - b), statuses, sent };
    }
    const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;

    beforeAll(async () => {
      expect((await sql("CREATE TABLE iso_phy (service_timestamp TIMESTAMP(3) TIME INDEX, service_value DOUBLE) ENGINE = metric WITH ('physical_metric_table' = '')")).status).toBe(200);
      expect((await sql("CREATE TABLE iso_m (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host)) ENGINE = metric WITH ('on_physical_table' = 'iso_phy')")).status).toBe(200);
      for (let h = 0; h < 40; h += 10) {
        const values: string[] = [];
        for (let k = h; k < h + 10; k++) for (let i = 0; i < 2000; i++) values.push(`('h${k}', ${i}, ${i * 15_000})`);
        expect((await sql(`INSERT INTO iso_m (host, service_value, service_timestamp) VALUES ${values.join(',')}`)).status).toBe(200);
      }
    }, 120_000);

    const cases: [string, () => Promise<Response>][] = [
      ['a join multiplying rows (timeout 1s)', () => sql('SELECT count(*) FROM t a JOIN t b ON a.n = b.n JOIN t c ON b.n = c.n', { 'x-service-timeout': '1s' })],
      ['a sort of a big join (timeout 1s)', () => sql('SELECT a.b, b.ts FROM t a JOIN t b ON a.n = b.n ORDER BY concat(a.b, b.b) DESC LIMIT 5', { 'x-service-timeout': '1s' })],
      ['a PromQL range query over 80k samples', () => s.fetch('/v1/metricsapi/api/v1/query_range', { method: 'POST', body: new URLSearchParams({ query: 'sum by (host) (count_over_time(iso_m[1h]))', start: '0', end: '30000', step: '15s' }) })],
      ['a regex pipeline on a 400 KB line (worker, timeout 1s)', () => ingest('evil_regex', 'a'.repeat(400_000), { 'x-service-timeout': '1s' })],
      // A dry run: parsing and the identity run are sliced here; writing 60,000 rows to the store is one
      // synchronous LMDB step (storage's write path), measured separately in the load bench.
      ['a dry run of the identity pipeline over 60,000 NDJSON lines', () => s.fetch('/v1/pipelines/_dryrun?pipeline_name=service_identity', { method: 'POST', body: BIG, headers: { 'content-type': 'application/x-ndjson' } })],
    ];
    const BIG = Array.from({ length: 60_000 }, (_, i) => JSON.stringify({ i, message: `line ${i}`, attrs: { a: i % 7 } })).join('\n');
    for (const [name, send] of cases) {
      it(`beside ${name}`, async () => {
        if (name.includes('regex')) {
          const up = await upload('evil_regex', 'processors:\n  - regex:\n      fields: [message]\n      patterns: ["(?<z>(.*a){20})"]\ntransform:\n  - field: z\n    type: string\n');
          expect(up.status).toBe(200);
        }
        const r = await probeBeside(send);
        expect(r.sent).toBeGreaterThan(0);
        expect(r.statuses.every((x) => x < 500)).toBe(true);
        // A held event loop would let one or two probes through in the window; expect most of them.
        expect(r.probes.length).toBeGreaterThanOrEqual(8);
        expect(median(r.probes)).toBeLessThan(500);
      }, 60_000);
    }
  });
});
