import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

/**
 * Issue 18: read-only SQL runs on query worker threads (`[query] workers`), so a long query never
 * holds the main thread. What must not change: answers and error bodies, the timeout and client
 * disconnect stopping the query, the budgets, and the catalog (a table one request creates is
 * visible to the next, on whichever thread it runs).
 */
describe('query workers (issue 18)', () => {
  let s: TestServer;
  const sql = (q: string, headers: Record<string, string> = {}, query = '') =>
    s.fetch(`/v1/sql${query}`, { method: 'POST', body: new URLSearchParams({ sql: q }), headers });
  const rows = async (q: string) => {
    const r = await sql(q);
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(200);
    return body.output[0].records.rows as unknown[][];
  };

  beforeAll(async () => {
    s = await startTestServer({ queryWorkers: 2, config: { query: { worker_heap: '128MiB', memory_limit: '8GiB', memory_pool_size: '16GiB', max_result_size: '8GiB' } } });
    expect((await sql('CREATE TABLE t (ts TIMESTAMP TIME INDEX, b STRING, n BIGINT)')).status).toBe(200);
    const values = Array.from({ length: 3000 }, (_, i) => `(${i}, 'bbbb${i % 7}', ${i % 50})`).join(',');
    expect((await sql(`INSERT INTO t VALUES ${values}`)).status).toBe(200);
  }, 120_000);
  afterAll(() => s?.close());

  it.runIf(process.platform === 'linux')('query worker threads run 5 nice levels below the main thread (which answers HTTP)', async () => {
    const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const main = nice(String(process.pid));
    const lowered = () => readdirSync('/proc/self/task').filter((t) => nice(t) === Math.min(19, main + 5));
    // Two workers and one overflow worker ([query] overflow_workers = 1), all loaded (workersReady).
    expect(lowered().length).toBeGreaterThanOrEqual(3);
  });

  it('sees what the request before it created, altered, wrote and dropped', async () => {
    expect((await sql('CREATE TABLE c (ts TIMESTAMP TIME INDEX, v DOUBLE)')).status).toBe(200);
    expect(await rows('SELECT count(*) FROM c')).toEqual([[0]]);
    expect((await sql('INSERT INTO c VALUES (1, 1.5), (2, 2.5)')).status).toBe(200);
    expect(await rows('SELECT count(*), sum(v) FROM c')).toEqual([[2, 4]]);
    expect((await sql('ALTER TABLE c ADD COLUMN w STRING')).status).toBe(200);
    expect(await rows('SELECT w FROM c ORDER BY ts')).toEqual([[null], [null]]);
    expect(await rows("SHOW TABLES LIKE 'c'")).toEqual([['c']]);
    expect((await sql('DROP TABLE c')).status).toBe(200);
    const gone = await sql('SELECT * FROM c');
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({ code: 4001, error: 'Table not found: public.c' });
  });

  it('answers in every format, and runs a request with a write on the main thread', async () => {
    const csv = await sql('SELECT n FROM t ORDER BY ts LIMIT 2', {}, '?format=csv');
    expect(csv.status).toBe(200);
    expect(await csv.text()).toBe('0\r\n1\r\n');
    const multi = await sql('SELECT 1; SELECT 2', {}, '?format=csv');
    expect(multi.status).toBe(400);
    expect((await multi.json()).error).toContain('multi-statements');
    const mixed = await sql('SELECT count(*) FROM t; INSERT INTO t VALUES (100000, \'x\', 1)');
    expect(mixed.status).toBe(200);
    expect((await mixed.json()).output).toEqual([expect.objectContaining({ records: expect.objectContaining({ rows: [[3000]] }) }), { affectedrows: 1 }]);
    expect(await rows('SELECT count(*) FROM t')).toEqual([[3001]]);
    const bad = await sql('SELEC 1');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe(2000);
  });

  it('a query past its timeout answers 408 DeadlineExceeded while /health answers, and the workers serve the next', async () => {
    const q = 'SELECT count(*) FROM t a JOIN t b ON a.n = b.n JOIN t c ON b.n = c.n JOIN t d ON c.n = d.n';
    let done = false;
    const slow = sql(q, { 'x-service-timeout': '1s' }).then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 200));
    expect((await s.fetch('/health')).status).toBe(200);
    expect(done).toBe(false);
    const res = await slow;
    expect(res.status).toBe(408);
    expect(await res.json()).toMatchObject({ code: 1006, error: 'request timed out after 1s' });
    expect(await rows('SELECT count(*) FROM t WHERE n = 5')).toEqual([[60]]);
  }, 60_000);

  it('a client that goes away stops its query; the workers keep serving', async () => {
    const ac = new AbortController();
    const gone = sql('SELECT count(*) FROM t a JOIN t b ON a.n = b.n JOIN t c ON b.n = c.n JOIN t d ON c.n = d.n', {}).catch((e: unknown) => e);
    void gone;
    const q = s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SELECT count(*) FROM t a JOIN t b ON a.n = b.n JOIN t c ON b.n = c.n JOIN t d ON c.n = d.n' }), signal: ac.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    ac.abort();
    expect(await q).toBeInstanceOf(Error);
    // Both workers are free again within the cancel grace (one was cancelled, one still runs its join).
    const t = performance.now();
    expect(await rows('SELECT count(*) FROM t WHERE n = 2')).toEqual([[60]]);
    expect(performance.now() - t).toBeLessThan(30_000);
  }, 90_000);

  it("a query past its worker's heap fails alone with RuntimeResourcesExhausted; the worker is replaced", async () => {
    // The result rows are held until the query ends: the worker's 128 MiB heap runs out after about a hundred.
    const res = await sql('SELECT repeat(b, 200000) FROM t', { 'x-service-timeout': '120s' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(6000);
    expect(body.error).toContain('[query] worker_heap');
    expect(typeof body.execution_time_ms).toBe('number');
    expect(await rows('SELECT count(*) FROM t WHERE n = 3')).toEqual([[60]]);
  }, 150_000);
});

describe('query workers share the memory pool with the main thread (issue 18)', () => {
  it('a query over [query] memory_pool_size on a worker fails with the pool in the message', async () => {
    const s = await startTestServer({ queryWorkers: 1, config: { query: { memory_pool_size: '1MiB' } } });
    try {
      const sql = (q: string) => s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
      expect((await sql('CREATE TABLE t (ts TIMESTAMP TIME INDEX, b STRING)')).status).toBe(200);
      expect((await sql(`INSERT INTO t VALUES ${Array.from({ length: 2000 }, (_, i) => `(${i}, '${'x'.repeat(1000)}${i}')`).join(',')}`)).status).toBe(200);
      const res = await sql('SELECT b FROM t ORDER BY b DESC');
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe(6000);
      expect(body.error).toContain('[query] memory_pool_size');
      // What the failed query held went back to the pool: a small one runs.
      expect((await sql('SELECT count(*) FROM t')).status).toBe(200);
    } finally {
      await s.close();
    }
  }, 60_000);
});
