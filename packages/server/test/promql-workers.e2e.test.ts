import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

/**
 * Issue 18: PromQL (`/v1/promql`, the Prometheus API's query, query_range, series, labels and label
 * values, and TQL through SQL) runs on the query workers, as read-only SQL does. Two real servers
 * hold the same data, one with query workers and one without: every answer, errors included, must
 * be the same bytes; the worker server must have answered them on its workers (its
 * sluice_query_worker_tasks_total counter); a heavy query is stopped by its timeout there while
 * /health answers, and the workers serve the next request.
 */
describe('PromQL on the query workers (issue 18)', () => {
  let workers: TestServer;
  let main: TestServer;

  const seed = async (s: TestServer) => {
    const sql = (q: string) => s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
    expect((await sql('CREATE TABLE cpu_m (host STRING, dc STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host, dc))')).status).toBe(200);
    const rows: string[] = [];
    for (let h = 0; h < 6; h++) for (let i = 0; i < 200; i++) rows.push(`('h${h}', 'dc${h % 2}', ${(i * 37 + h * 11) % 100}, ${i * 15_000})`);
    expect((await sql(`INSERT INTO cpu_m (host, dc, service_value, service_timestamp) VALUES ${rows.join(',')}`)).status).toBe(200);
    expect((await sql('CREATE TABLE heavy_m (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host))')).status).toBe(200);
    for (let h = 0; h < 20; h += 10) {
      const values: string[] = [];
      for (let k = h; k < h + 10; k++) for (let i = 0; i < 1500; i++) values.push(`('h${k}', ${(i * 7919) % 1000}, ${i * 15_000})`);
      expect((await sql(`INSERT INTO heavy_m (host, service_value, service_timestamp) VALUES ${values.join(',')}`)).status).toBe(200);
    }
  };

  beforeAll(async () => {
    [workers, main] = await Promise.all([startTestServer({ queryWorkers: 2 }), startTestServer({ queryWorkers: 0 })]);
    await Promise.all([seed(workers), seed(main)]);
  }, 180_000);
  afterAll(async () => {
    await workers?.close();
    await main?.close();
  });

  const workerTasks = async (s: TestServer, kind: 'sql' | 'promql'): Promise<number> => {
    const text = await (await s.fetch('/metrics')).text();
    const m = new RegExp(`^sluice_query_worker_tasks_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text);
    return m ? Number(m[1]) : 0;
  };

  const api = '/v1/metricsapi/api/v1';
  const form = (o: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(o) });
  /** [path, init, counted as a PromQL task on the worker server]. */
  const REQUESTS: [string, RequestInit | undefined, boolean][] = [
    [`${api}/query?query=${encodeURIComponent('sum by (dc) (rate(cpu_m[5m]))')}&time=2000`, undefined, true],
    [`${api}/query_range`, form({ query: 'avg_over_time(cpu_m{host=~"h[0-3]"}[2m])', start: '0', end: '2985', step: '30s' }), true],
    [`${api}/query`, form({ query: 'cpu_m{dc="dc1"}', time: '1500' }), true],
    [`${api}/query`, form({ query: '1 + 2', time: '10' }), true],
    [`${api}/series?${new URLSearchParams([['match[]', 'cpu_m{dc="dc0"}'], ['match[]', 'heavy_m{host="h3"}']])}`, undefined, true],
    [`${api}/labels`, undefined, true],
    [`${api}/label/host/values?${new URLSearchParams([['match[]', 'cpu_m']])}`, undefined, true],
    // Errors: a parse error, an execution error (many-to-many matching), an unknown function.
    [`${api}/query`, form({ query: 'sum(cpu_m', time: '10' }), true],
    [`${api}/query`, form({ query: 'cpu_m + on(dc) cpu_m', time: '1500' }), true],
    [`${api}/query_range`, form({ query: 'nope_fn(cpu_m)', start: '0', end: '100', step: '15s' }), true],
    ['/v1/promql', form({ query: 'max by (host) (cpu_m)', start: '0', end: '600', step: '60s' }), true],
    ['/v1/promql?format=csv', form({ query: 'cpu_m{host="h1"}', start: '0', end: '300', step: '60s' }), true],
    ['/v1/promql', form({ query: 'sum(', start: '0', end: '600', step: '60s' }), true],
    // TQL through SQL runs on a worker too (as a SQL task).
    ['/v1/sql', form({ sql: "TQL EVAL (0, 300, '60s') sum by (dc) (cpu_m)" }), false],
  ];
  const normalize = (t: string) => t.replace(/"execution_time_ms":\d+/g, '"execution_time_ms":0');

  it('answers every PromQL request with the same status and bytes as the main thread, on its workers', async () => {
    const before = await workerTasks(workers, 'promql');
    const sqlBefore = await workerTasks(workers, 'sql');
    for (const [path, init] of REQUESTS) {
      const [a, b] = await Promise.all([workers.fetch(path, init), main.fetch(path, init)]);
      const [ta, tb] = [await a.text(), await b.text()];
      expect(a.status, `${path} ${ta}`).toBe(b.status);
      expect(a.headers.get('content-type'), path).toBe(b.headers.get('content-type'));
      expect(normalize(ta), path).toBe(normalize(tb));
    }
    const counted = REQUESTS.filter((r) => r[2]).length;
    expect(await workerTasks(workers, 'promql')).toBe(before + counted);
    expect(await workerTasks(workers, 'sql')).toBe(sqlBefore + REQUESTS.length - counted);
    expect(await workerTasks(main, 'promql')).toBe(0);
  }, 120_000);

  it('a PromQL query on a worker stops at its timeout (503 timeout, 408 on /v1/promql) while /health answers; the workers serve the next', async () => {
    const HEAVY = 'quantile_over_time(0.5, heavy_m[1d])';
    const range = { start: '0', end: '22500', step: '3s' };
    for (const [path, init, status] of [
      [`${api}/query_range`, form({ query: HEAVY, ...range, timeout: '1s' }), 503],
      ['/v1/promql', { ...form({ query: HEAVY, ...range }), headers: { 'x-service-timeout': '1s' } }, 408],
    ] as const) {
      let done = false;
      const slow = workers.fetch(path, init).then((r) => ((done = true), r));
      await new Promise((r) => setTimeout(r, 200));
      expect((await workers.fetch('/health')).status).toBe(200);
      expect(done, path).toBe(false);
      const res = await slow;
      expect(res.status, path).toBe(status);
      const body = await res.json();
      if (status === 503) expect(body).toMatchObject({ status: 'error', errorType: 'timeout', error: 'query timed out in query execution' });
      else expect(body).toMatchObject({ code: 1006, error: 'request timed out after 1s' });
    }
    const small = await workers.fetch(`${api}/query`, form({ query: 'count(heavy_m)', time: '30' }));
    expect(await small.json()).toMatchObject({ status: 'success', data: { resultType: 'vector', result: [{ metric: {}, value: [30, '20'] }] } });
  }, 120_000);
});
