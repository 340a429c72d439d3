import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLmdbStore } from '@sluice/storage';
import { ParseCache, parseCache } from './parse-cache.js';
import { SqlTooComplexError } from './shape-limits.js';
import { SqlSyntaxError } from './errors.js';
import { createQueryEngine } from '../sql-engine.js';

describe('ParseCache', () => {
  it('parses a repeated statement once and returns equal trees', () => {
    const c = new ParseCache();
    const a = c.parse('SELECT host, count(*) FROM logs GROUP BY host');
    const b = c.parse('SELECT host, count(*) FROM logs GROUP BY host');
    expect(c.misses).toBe(1);
    expect(c.hits).toBe(1);
    expect(b).toEqual(a);
    // The caller gets its own array; the statements are shared and frozen.
    expect(b).not.toBe(a);
    expect(b[0]).toBe(a[0]);
  });

  it('freezes cached trees: an executor that changed one would throw instead of leaking into the next request', () => {
    const c = new ParseCache();
    const [st] = c.parse("SELECT a FROM t WHERE b = 'x' LIMIT 3") as [{ query: Record<string, unknown> }];
    expect(Object.isFrozen(st)).toBe(true);
    expect(Object.isFrozen(st.query)).toBe(true);
    expect(() => {
      (st.query as { limit?: unknown }).limit = 99;
    }).toThrow(TypeError);
  });

  it('keys on the shape limits: a lower limit still refuses a statement cached under a higher one', () => {
    const c = new ParseCache();
    const deep = `SELECT ${'('.repeat(20)}1${')'.repeat(20)}`;
    expect(c.parse(deep, { maxExprDepth: 64, maxExprTerms: 1000 })).toHaveLength(1);
    expect(() => c.parse(deep, { maxExprDepth: 8, maxExprTerms: 1000 })).toThrow(SqlTooComplexError);
  });

  it('does not cache syntax errors, long statements, and evicts the least recently used', () => {
    const c = new ParseCache(2, 40);
    expect(() => c.parse('SELEC 1')).toThrow(SqlSyntaxError);
    expect(() => c.parse('SELEC 1')).toThrow(SqlSyntaxError);
    expect(c.size).toBe(0);
    c.parse(`SELECT ${'1 + '.repeat(20)}1`);
    expect(c.size).toBe(0);
    c.parse('SELECT 1');
    c.parse('SELECT 2');
    c.parse('SELECT 1'); // most recently used now
    c.parse('SELECT 3'); // evicts SELECT 2
    expect(c.size).toBe(2);
    const misses = c.misses;
    c.parse('SELECT 1');
    expect(c.misses).toBe(misses);
    c.parse('SELECT 2');
    expect(c.misses).toBe(misses + 1);
  });
});

describe('the engine with the parse cache', () => {
  it('plans a repeated statement against the current catalog (DDL between two runs is seen)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'sluice-parse-cache-'));
    const store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
    try {
      const engine = createQueryEngine(store);
      const run = async (sql: string) => (await engine.executeSql(sql, { db: 'public' }))[0]!;
      await run('CREATE TABLE pc (ts TIMESTAMP TIME INDEX, v INT)');
      await run('INSERT INTO pc VALUES (1, 1)');
      const before = parseCache.hits;
      const q = 'SELECT * FROM pc ORDER BY ts';
      expect(await run(q)).toMatchObject({ columns: [{ name: 'ts' }, { name: 'v' }], rows: [[1n, 1]] });
      await run('ALTER TABLE pc ADD COLUMN w STRING');
      await run("INSERT INTO pc VALUES (2, 2, 'x')");
      expect(await run(q)).toMatchObject({ columns: [{ name: 'ts' }, { name: 'v' }, { name: 'w' }], rows: [[1n, 1, null], [2n, 2, 'x']] });
      expect(parseCache.hits).toBeGreaterThan(before);
      await run('DROP TABLE pc');
      await expect(run(q)).rejects.toMatchObject({ message: expect.stringMatching(/pc/) });
    } finally {
      await store.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
