import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openLmdbStore } from '@sluice/storage';
import { StatusCode } from '@sluice/pipeline-core';
import { createQueryEngine, type QueryEngine } from '@sluice/query';

/** Issue 18: hostile SQL fails with a coded error (or answers) instead of taking the process down. */
let engine: QueryEngine;

async function fails(sql: string, opts: { signal?: AbortSignal; limits?: object } = {}): Promise<{ code: number; message: string }> {
  try {
    await engine.executeSql(sql, { db: 'public', ...opts });
  } catch (e) {
    return { code: (e as { code: number }).code, message: (e as Error).message };
  }
  throw new Error(`expected ${sql.slice(0, 80)} to fail`);
}

beforeAll(async () => {
  const store = await openLmdbStore({ dataHome: mkdtempSync(join(tmpdir(), 'q-hostile-')), noSync: true, ttlSweepIntervalMs: 0 });
  engine = createQueryEngine(store);
  await engine.executeSql('CREATE TABLE t (ts TIMESTAMP TIME INDEX, b STRING, n BIGINT)', { db: 'public' });
  const values = Array.from({ length: 5000 }, (_, i) => `(${i}, 'bbbb${i % 7}', ${i % 100})`).join(',');
  await engine.executeSql(`INSERT INTO t VALUES ${values}`, { db: 'public' });
});

describe('hostile SQL (issue 18)', () => {
  it('repeat() over many rows hits the memory budget instead of the heap limit', async () => {
    const e = await fails('SELECT length(repeat(b, 400000)) FROM t');
    expect(e.code).toBe(StatusCode.RuntimeResourcesExhausted);
    expect(e.message).toContain('[query] memory_limit');
  });

  it('one value over max_value_size is refused before it is built', async () => {
    const e = await fails("SELECT repeat('ab', 100000000)");
    expect(e.code).toBe(StatusCode.RuntimeResourcesExhausted);
    expect(e.message).toContain('[query] max_value_size');
    expect((await fails("SELECT lpad('a', 1000000000)")).message).toContain('lpad');
  });

  it('a self-join whose rows are sorted stops at the memory budget', async () => {
    const e = await fails('SELECT a.ts, b.ts, a.b FROM t a JOIN t b ON a.n = b.n ORDER BY a.ts', { limits: { memoryBytes: 8 * 1024 * 1024 } });
    expect(e.code).toBe(StatusCode.RuntimeResourcesExhausted);
    expect(e.message).toMatch(/in (sort|result)/);
  });

  it('a join that multiplies rows streams in bounded chunks and stops at its deadline', async () => {
    const started = Date.now();
    const e = await fails('SELECT count(*) FROM t a JOIN t b ON a.n = b.n JOIN t c ON b.n = c.n', { signal: AbortSignal.timeout(300) });
    expect([StatusCode.Cancelled, StatusCode.DeadlineExceeded]).toContain(e.code);
    // Not a timing assertion on speed: the 12.5-million-row join would run far longer than this.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a result over max_result_size is refused with a hint', async () => {
    const e = await fails('SELECT * FROM t', { limits: { resultBytes: 10_000 } });
    expect(e.code).toBe(StatusCode.RuntimeResourcesExhausted);
    expect(e.message).toContain('[query] max_result_size');
  });

  it('backtracking LIKE, SHOW ... LIKE and regex patterns answer at once', async () => {
    const a60 = 'a'.repeat(60);
    const out = await engine.executeSql(
      `SELECT '${a60}' LIKE '%a%a%a%a%a%a%a%a%b', '${a60}' ILIKE '%A%A%A%A%A%A%A%A%B', regexp_like('${a60}b!', '(a+)+$'), '${a60}b!' ~ '(a+)+$'`,
      { db: 'public' },
    );
    expect((out[0] as { rows: unknown[][] }).rows[0]).toEqual([false, false, false, false]);
    await engine.executeSql(`CREATE TABLE ${'x'.repeat(200)} (ts TIMESTAMP TIME INDEX)`, { db: 'public' });
    const show = await engine.executeSql("SHOW TABLES LIKE '%%%%%%%%a'", { db: 'public' });
    expect((show[0] as { rows: unknown[][] }).rows).toEqual([]);
  });

  it('regex syntax RE2 lacks is a 400 naming the function', async () => {
    const e = await fails("SELECT regexp_like('a', '(?=a)')");
    expect(e.code).toBe(StatusCode.InvalidArguments);
    expect(e.message).toContain('regexp_like');
  });

  it('SQL nested 300 deep or with 5,000 terms is a 400 naming the limit', async () => {
    const deep = await fails(`SELECT ${'('.repeat(300)}1${')'.repeat(300)}`);
    expect(deep.code).toBe(StatusCode.InvalidArguments);
    expect(deep.message).toContain('max_expr_depth');
    const terms = await fails(`SELECT * FROM t WHERE ${Array.from({ length: 5000 }, (_, i) => `n = ${i}`).join(' OR ')}`);
    expect(terms.code).toBe(StatusCode.InvalidArguments);
    expect(terms.message).toContain('max_expr_terms');
    // Just under the limit runs (the planner recursion fits the stack).
    const ok = await engine.executeSql(`SELECT count(*) FROM t WHERE ${Array.from({ length: 1000 }, (_, i) => `n = ${i}`).join(' OR ')}`, { db: 'public' });
    expect((ok[0] as { rows: unknown[][] }).rows[0]).toEqual([5000]);
    const nested = await engine.executeSql(`SELECT ${'('.repeat(120)}1${')'.repeat(120)}`, { db: 'public' });
    expect((nested[0] as { rows: unknown[][] }).rows[0]).toEqual([1]);
    const nots = await fails(`SELECT ${'NOT '.repeat(3000)} true`);
    expect(nots.code).toBe(StatusCode.InvalidArguments);
  });

  it('a 10 MB string literal is handled', async () => {
    const out = await engine.executeSql(`SELECT length('${'y'.repeat(10 * 1024 * 1024)}')`, { db: 'public' });
    expect((out[0] as { rows: unknown[][] }).rows[0]).toEqual([10 * 1024 * 1024]);
  });

  it('an aborted signal stops the query with its reason', async () => {
    const ac = new AbortController();
    const run = engine.executeSql('SELECT count(*) FROM t a JOIN t b ON a.n = b.n', { db: 'public', signal: ac.signal });
    ac.abort();
    await expect(run).rejects.toMatchObject({ code: StatusCode.Cancelled });
    const timeout = await fails('SELECT count(*) FROM t a JOIN t b ON a.n = b.n', { signal: AbortSignal.timeout(0) });
    expect([StatusCode.Cancelled, StatusCode.DeadlineExceeded]).toContain(timeout.code);
  });
});
