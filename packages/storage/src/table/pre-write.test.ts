import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openLmdbStore } from '../index.js';
import { collect, count } from '../test-support.js';

// Large writes are validated and encoded before their transaction, in slices that yield to the event
// loop (pre-write.ts); these tests check that the outcome is exactly that of an unprepared write.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const open = () => {
  const d = mkdtempSync(join(tmpdir(), 'sluice-pre-'));
  dirs.push(d);
  return openLmdbStore({ dataHome: d, ttlSweepIntervalMs: 0 });
};

const SCHEMA: ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'v', type: 'float64', semantic: 'field' },
];
const rows = (n: number, start = 0): Value[][] => Array.from({ length: n }, (_, i) => [start + i, `h${i % 97}`, i / 4]);

describe.each([[{}], [{ append_mode: true }]])('large writes %o', (options) => {
  it('store every row, when creating the table and when appending to it', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: rows(20_000), options }]);
    await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: rows(20_000, 20_000), options }]);
    expect(await count(s, { db: 'public', table: 't' })).toBe(40_000);
    const got = await collect(s, { db: 'public', table: 't', predicates: [{ column: 'host', op: '=', value: 'h5' }], limit: 3 });
    expect(got).toEqual([0, 1, 2].map((k) => ({ ts: BigInt(5 + 97 * k), host: 'h5', v: (5 + 97 * k) / 4 })));
    await s.close();
  });

  it('keep the sign of a zero that follows a zero (-0 after 0, as IEEE float columns hold them)', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 'z', schema: SCHEMA, rows: [[1, 'a', 0], [2, 'a', -0], [3, 'a', -0], [4, 'a', 0]], options }]);
    const got = await collect(s, { db: 'public', table: 'z' });
    expect(got.map((r) => (Object.is(r.v, -0) ? '-0' : String(r.v)))).toEqual(['0', '-0', '-0', '0']);
    await s.close();
  });

  it('are all or nothing: a bad last row fails the write and stores nothing of it (nor of its other requests)', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: rows(10), options }]);
    const bad = rows(20_000, 100);
    bad[bad.length - 1] = [1, 'h1', 'not a number'];
    await expect(
      s.write([
        { db: 'public', table: 'other', schema: SCHEMA, rows: rows(5_000), options },
        { db: 'public', table: 't', schema: SCHEMA, rows: bad, options },
      ]),
    ).rejects.toThrow(/row 19999/);
    expect(await count(s, { db: 'public', table: 't' })).toBe(10);
    expect(s.getTable('public', 'other')).toBeUndefined();
    await s.close();
  });

  it('are redone in the transaction when the table changed meanwhile (a concurrent ALTER)', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: rows(10), options }]);
    const big = s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: rows(30_000, 1_000), options }]);
    await s.alterTable('public', 't', { kind: 'add_column', column: { name: 'extra', type: 'int32', semantic: 'field', nullable: true, default: 3 } });
    await big;
    expect(await count(s, { db: 'public', table: 't' })).toBe(30_010);
    const last = await collect(s, { db: 'public', table: 't', descending: true, limit: 1 });
    expect(last).toEqual([{ ts: 30_999n, host: `h${29_999 % 97}`, v: 29_999 / 4, extra: 3 }]);
    await s.close();
  });

  it('let the event loop turn while they are prepared', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: rows(10), options }]);
    let turns = 0;
    let stop = false;
    const spin = () => {
      if (stop) return;
      turns++;
      setImmediate(spin);
    };
    const input = rows(60_000, 100);
    setImmediate(spin);
    await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: input, options }]);
    stop = true;
    // Preparing 60k rows takes far longer than one 10 ms slice: the loop turned in between.
    expect(turns).toBeGreaterThan(2);
    await s.close();
  });
});
