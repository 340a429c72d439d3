import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLmdbStore, type Store } from '@sluice/storage';
import { StatusCode } from '@sluice/pipeline-core';
import { createQueryEngine, MemoryPool, type QueryEngine } from '@sluice/query';

/**
 * Issue 18: budgets shared by all running queries (the memory pool), sorts and hash-join builds that
 * yield and stop at the deadline, and PromQL under the same deadline, budget and pool as SQL.
 */
let store: Store;
const ROWS = 60_000;

async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code: number }).code, message: (e as Error).message };
  }
  throw new Error('expected a failure');
}

/** Counts event-loop turns while `p` runs (a synchronous operator would leave it at 0 or 1). */
async function turnsDuring<T>(p: Promise<T>): Promise<{ turns: number; settled: PromiseSettledResult<T> }> {
  let turns = 0;
  const timer = setInterval(() => turns++, 1);
  try {
    const [settled] = await Promise.allSettled([p]);
    return { turns, settled: settled! };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(async () => {
  store = await openLmdbStore({ dataHome: mkdtempSync(join(tmpdir(), 'q-budgets-')), noSync: true, ttlSweepIntervalMs: 0 });
  const engine = createQueryEngine(store);
  const sql = (q: string) => engine.executeSql(q, { db: 'public' });
  await sql('CREATE TABLE big (ts TIMESTAMP TIME INDEX, s STRING, n BIGINT)');
  for (let start = 0; start < ROWS; start += 10_000) {
    await sql(`INSERT INTO big VALUES ${Array.from({ length: 10_000 }, (_, j) => `(${start + j}, 'row-${(start + j) * 7919 % ROWS}', ${(start + j) % 1000})`).join(',')}`);
  }
  await sql("CREATE TABLE phy (service_timestamp TIMESTAMP(3) TIME INDEX, service_value DOUBLE) ENGINE = metric WITH ('physical_metric_table' = '')");
  await sql("CREATE TABLE up_m (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host)) ENGINE = metric WITH ('on_physical_table' = 'phy')");
  for (let h = 0; h < 20; h++) {
    await sql(`INSERT INTO up_m (host, service_value, service_timestamp) VALUES ${Array.from({ length: 2000 }, (_, i) => `('h${h}', ${i}, ${i * 15_000})`).join(',')}`);
  }
}, 120_000);

describe('the memory pool shared by all running queries ([query] memory_pool_size)', () => {
  it('fails the query that would take the pool past its limit, lets the others finish, and gives every byte back', async () => {
    const q = 'SELECT * FROM big ORDER BY s';
    // What one run of the query holds at most (a few MiB, far under its own 512 MiB budget).
    const probe = new MemoryPool(0);
    await createQueryEngine(store, { memoryPool: probe }).executeSql(q, { db: 'public' });
    // A pool for one and a half of them: three at once cannot all fit.
    const pool = new MemoryPool(Math.ceil(probe.peak * 1.5));
    const engine = createQueryEngine(store, { memoryPool: pool });
    const results = await Promise.allSettled([engine.executeSql(q, { db: 'public' }), engine.executeSql(q, { db: 'public' }), engine.executeSql(q, { db: 'public' })]);
    const failed = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { code: number; message: string });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(3);
    for (const f of failed) {
      expect(f.code).toBe(StatusCode.RuntimeResourcesExhausted);
      expect(f.message).toContain('[query] memory_pool_size');
    }
    expect(pool.peak).toBeLessThanOrEqual(pool.limit);
    expect(pool.used).toBe(0);
    // Alone, the same query fits.
    const alone = await engine.executeSql(q, { db: 'public' });
    expect((alone[0] as { rows: unknown[] }).rows.length).toBe(ROWS);
    expect(pool.used).toBe(0);
  });

  it('a failed or cancelled query gives its memory back', async () => {
    const pool = new MemoryPool(0);
    const engine = createQueryEngine(store, { memoryPool: pool });
    await failure(engine.executeSql('SELECT * FROM big ORDER BY s', { db: 'public', limits: { memoryBytes: 1024 * 1024 } }));
    expect(pool.used).toBe(0);
    await failure(engine.executeSql('SELECT * FROM big ORDER BY s', { db: 'public', signal: AbortSignal.timeout(5) }));
    expect(pool.used).toBe(0);
    expect(pool.peak).toBeGreaterThan(0);
  });
});

describe('sort and hash-join build are cooperative', () => {
  it('a big ORDER BY yields to the event loop and stops at its deadline', async () => {
    const engine = createQueryEngine(store);
    const ok = await turnsDuring(engine.executeSql('SELECT s FROM big ORDER BY s DESC', { db: 'public', limits: { sliceMs: 1 } }));
    expect(ok.settled.status).toBe('fulfilled');
    expect(ok.turns).toBeGreaterThan(2);
    const rows = (ok.settled as PromiseFulfilledResult<{ rows: string[][] }[]>).value[0]!.rows;
    expect(rows.length).toBe(ROWS);
    for (let i = 1; i < rows.length; i++) if (rows[i - 1]![0]! < rows[i]![0]!) throw new Error(`not sorted at ${i}`);
  });

  it('a hash join whose build side is large yields while it builds and stops at its deadline', async () => {
    const engine = createQueryEngine(store);
    const r = await turnsDuring(engine.executeSql('SELECT count(*) FROM big a JOIN big b ON a.s = b.s', { db: 'public', limits: { sliceMs: 1 } }));
    expect(r.settled.status).toBe('fulfilled');
    expect((r.settled as PromiseFulfilledResult<{ rows: unknown[][] }[]>).value[0]!.rows[0]).toEqual([ROWS]);
    expect(r.turns).toBeGreaterThan(2);
    const e = await failure(engine.executeSql('SELECT count(*) FROM big a JOIN big b ON a.n = b.n', { db: 'public', signal: AbortSignal.timeout(50) }));
    expect([StatusCode.Cancelled, StatusCode.DeadlineExceeded]).toContain(e.code);
  });
});

describe('PromQL runs under the same deadline, budget and pool as SQL', () => {
  const range = { query: 'sum by (host) (rate(up_m[5m]))', startMs: 0, endMs: 2000 * 15_000, stepMs: 15_000, instant: false } as const;

  it('answers within its budgets and gives the pool back', async () => {
    const pool = new MemoryPool(0);
    const engine = createQueryEngine(store, { memoryPool: pool });
    const res = await engine.executePromql(range);
    expect(res.resultType).toBe('matrix');
    expect(res.result.length).toBe(20);
    expect(pool.peak).toBeGreaterThan(0);
    expect(pool.used).toBe(0);
  });

  it('samples over the per-query memory_limit or the pool fail with RuntimeResourcesExhausted', async () => {
    const small = createQueryEngine(store, { queryLimits: { memoryBytes: 64 * 1024 } });
    const e = await failure(small.executePromql(range));
    expect(e.code).toBe(StatusCode.RuntimeResourcesExhausted);
    expect(e.message).toContain('[query] memory_limit');
    const pool = new MemoryPool(64 * 1024);
    const pooled = createQueryEngine(store, { memoryPool: pool });
    const p = await failure(pooled.executePromql(range));
    expect(p.code).toBe(StatusCode.RuntimeResourcesExhausted);
    expect(p.message).toContain('[query] memory_pool_size');
    expect(pool.used).toBe(0);
  });

  it('stops at the deadline and yields while it runs', async () => {
    const engine = createQueryEngine(store, { queryLimits: { sliceMs: 1 } });
    const r = await turnsDuring(engine.executePromql(range));
    expect(r.settled.status).toBe('fulfilled');
    expect(r.turns).toBeGreaterThan(1);
    const ac = new AbortController();
    ac.abort(new Error('client went away'));
    const e = await failure(engine.executePromql({ ...range, signal: ac.signal }));
    expect(e.code).toBe(StatusCode.Cancelled);
  });

  it('TQL inside SQL runs under the statement\'s execution context', async () => {
    const engine = createQueryEngine(store);
    const e = await failure(engine.executeSql(`TQL EVAL (0, ${2000 * 15}, '15s') sum by (host) (rate(up_m[5m]))`, { db: 'public', limits: { memoryBytes: 64 * 1024 } }));
    expect(e.code).toBe(StatusCode.RuntimeResourcesExhausted);
  });
});
