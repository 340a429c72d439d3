import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openLmdbStore } from '../index.js';
import type { AggregateSpec, GroupKey } from '../store.js';
import { collect } from '../test-support.js';

const SCHEMA: readonly ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'level', type: 'string', semantic: 'field' },
  { name: 'latency', type: 'float64', semantic: 'field' },
];
const AGGS: AggregateSpec[] = [{ fn: 'count' }, { fn: 'count', column: 'latency' }, { fn: 'sum', column: 'latency' }, { fn: 'avg', column: 'latency' }];

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** count(*), count/sum/avg(latency) per group, row by row in scan order: what the in-store pass must equal exactly. */
function naive(rows: Record<string, Value>[], keys: readonly GroupKey[]): Value[][] {
  const groups = new Map<string, { key: Value[]; n: number; m: number; sum: number }>();
  for (const r of rows) {
    const key = keys.map((k) => r[k.column]!);
    const id = JSON.stringify(key);
    let g = groups.get(id);
    if (g === undefined) groups.set(id, (g = { key, n: 0, m: 0, sum: 0 }));
    g.n++;
    if (r.latency === null) continue;
    g.m++;
    g.sum += r.latency as number;
  }
  return [...groups.values()].map((g) => [...g.key, g.n, g.m, g.m === 0 ? null : g.sum, g.m === 0 ? null : g.sum / g.m]);
}

describe('groupChunks: count/sum/avg of a float64 column', () => {
  it('equals a row-by-row computation exactly (nulls, NaN, infinities, magnitudes where order matters; whole, cut and overlapping chunks)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-group-'));
    dirs.push(dir);
    const s = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const t0 = 1_700_000_000_000;
    // Values whose sum depends on the order they are added in: 1e16 and small fractions, plus NaN and ±Infinity.
    const value = (nulls: boolean): Value => {
      const k = rand(100);
      if (nulls && k < 12) return null;
      if (k === 12) return Number.NaN;
      if (k === 13) return rand(2) === 0 ? Infinity : -Infinity;
      if (k < 30) return (rand(2) === 0 ? 1 : -1) * 1e16;
      return rand(1_000_000) / 7;
    };
    // In-order writes spanning a few one-minute chunks each (some without nulls, some with), then two
    // writes over the same times (chunks that overlap earlier ones, merged row by row).
    for (let w = 0; w < 8; w++) {
      const base = t0 + (w < 6 ? w * 150_000 : 100_000 + w * 7_000);
      const rows: Value[][] = Array.from({ length: 700 }, (_, i) => [base + i * 200 + rand(200), `h${rand(9)}`, rand(10) === 0 ? null : ['info', 'warn', 'error'][rand(3)]!, value(w % 2 === 1)]);
      rows.sort((a, b) => (a[0] as number) - (b[0] as number));
      await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows, options: { append_mode: true } }]);
    }
    const ms = (x: number) => BigInt(x) * 1_000_000n;
    const ranges = [undefined, { startNs: ms(t0 + 61_234), endNs: ms(t0 + 700_001) }];
    const keySets: GroupKey[][] = [[{ column: 'host' }], [{ column: 'level' }], [], [{ column: 'host' }, { column: 'level' }]];
    for (const timeRange of ranges) {
      const rows = await collect(s, { db: 'public', table: 'logs', ...(timeRange ? { timeRange } : {}) });
      expect(rows.length).toBeGreaterThan(1000);
      for (const groupBy of keySets) {
        const want = naive(rows, groupBy);
        // All four aggregates, count(*) next to one other (counted in that aggregate's pass), sum or avg alone.
        for (const pick of [[0, 1, 2, 3], [0, 3], [2, 0], [3], [2], [0]]) {
          const got = await s.aggregate!({ db: 'public', table: 'logs', groupBy, aggregates: pick.map((a) => AGGS[a]!), ...(timeRange ? { timeRange } : {}) });
          expect(got?.map((r) => [...r])).toEqual(want.map((r) => [...r.slice(0, groupBy.length), ...pick.map((a) => r[groupBy.length + a]!)]));
        }
      }
    }
    // The data holds what the test is about: nulls, NaN and infinite sums, and finite sums that differ by order.
    const all = naive(await collect(s, { db: 'public', table: 'logs' }), [{ column: 'host' }]);
    expect(all.some((g) => Number.isNaN(g[3]))).toBe(true);
    expect(all.some((g) => g[1] !== g[2])).toBe(true);
    await s.close();
  });

  it('equals it too with hundreds of series per chunk (series ids two bytes wide) and a table met after another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-group-'));
    dirs.push(dir);
    const s = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
    let seed = 9;
    // 32-bit products (a double product loses bits) and the generator's high bits (low bits cycle quickly).
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) >>> 8) % n;
    const t0 = 1_700_000_000_000;
    // Another table's series first, so this table's ids do not start at 0.
    await s.write([{ db: 'public', table: 'other', schema: SCHEMA, rows: Array.from({ length: 300 }, (_, i) => [t0 + i, `o${i}`, null, 1]), options: { append_mode: true } }]);
    for (let w = 0; w < 5; w++) {
      const rows: Value[][] = Array.from({ length: 2000 }, (_, i) => [t0 + w * 60_000 + i * 25, `h${rand(w < 3 ? 700 : 40)}`, 'info', w === 4 && i % 9 === 0 ? null : rand(1_000_000) / 7 + (rand(20) === 0 ? 1e16 : 0)]);
      await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows, options: { append_mode: true } }]);
    }
    const rows = await collect(s, { db: 'public', table: 'logs' });
    const want = naive(rows, [{ column: 'host' }]);
    expect(want.length).toBeGreaterThan(600);
    for (const pick of [[0, 3], [2, 0], [0, 1, 2, 3], [3], [2], [0]]) {
      const got = await s.aggregate!({ db: 'public', table: 'logs', groupBy: [{ column: 'host' }], aggregates: pick.map((a) => AGGS[a]!) });
      expect(got?.map((r) => [...r])).toEqual(want.map((r) => [r[0], ...pick.map((a) => r[1 + a]!)]));
    }
    await s.close();
  });

  it('equals it too past 1,024 series and groups, with a chunk larger than the decoder scratch, and for a string field without a dictionary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-group-'));
    dirs.push(dir);
    const s = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
    let seed = 13;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) >>> 8) % n;
    const t0 = 1_700_000_000_000;
    // Writes that bring new hosts as they go (the series id → group map and the per-group sums grow
    // between chunks summed in WebAssembly), then one 4,096-row chunk of incompressible floats (its block
    // is larger than the decoder's first scratch region, so the group state moves), then a chunk with
    // nulls (the rest is summed in JavaScript from the sums so far).
    const writes: [number, number][] = [[900, 600], [1500, 1800], [2100, 3000], [4096, 3000], [1000, 3000]];
    // The level column: mostly distinct strings (no dictionary) in the later writes.
    for (const [w, [n, hosts]] of writes.entries()) {
      const rows: Value[][] = Array.from({ length: n }, (_, i) => [
        t0 + w * 60_000 + Math.floor((i * 50_000) / n),
        `h${w === 0 ? i % hosts : rand(hosts)}`,
        w >= 2 ? `l${rand(5000)}` : `l${rand(4)}`,
        w === 4 && i % 11 === 0 ? null : new Float64Array(new Uint32Array([rand(1 << 23) * 512 + rand(512), 0x40000000 + rand(1 << 20)]).buffer)[0]!,
      ]);
      await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows, options: { append_mode: true } }]);
    }
    // Before anything else decodes the large chunk (the decoder's scratch grows once per process).
    const first = await s.aggregate!({ db: 'public', table: 'logs', groupBy: [{ column: 'host' }], aggregates: [AGGS[0]!, AGGS[3]!] });
    const rows = await collect(s, { db: 'public', table: 'logs' });
    expect(rows.length).toBe(writes.reduce((a, [n]) => a + n, 0));
    expect(first?.map((r) => [...r])).toEqual(naive(rows, [{ column: 'host' }]).map((r) => [r[0], r[1], r[4]]));
    for (const groupBy of [[{ column: 'host' }], [{ column: 'level' }]]) {
      const want = naive(rows, groupBy);
      expect(want.length).toBeGreaterThan(1024);
      for (const pick of [[0, 3], [3], [2, 0], [0, 1, 2, 3], [0]]) {
        const got = await s.aggregate!({ db: 'public', table: 'logs', groupBy, aggregates: pick.map((a) => AGGS[a]!) });
        expect(got?.map((r) => [...r])).toEqual(want.map((r) => [r[0], ...pick.map((a) => r[1 + a]!)]));
      }
    }
    // Without the last write's nulls every chunk is summed in WebAssembly, up to the end.
    const ms = (x: number) => BigInt(x) * 1_000_000n;
    const timeRange = { startNs: ms(t0), endNs: ms(t0 + 4 * 60_000) };
    const inRange = await collect(s, { db: 'public', table: 'logs', timeRange });
    const got = await s.aggregate!({ db: 'public', table: 'logs', groupBy: [{ column: 'host' }], aggregates: [AGGS[0]!, AGGS[3]!], timeRange });
    expect(got?.map((r) => [...r])).toEqual(naive(inRange, [{ column: 'host' }]).map((r) => [r[0], r[1], r[4]]));
    // Row counts alone (count(*) and the time index's count), summed in WebAssembly and then, after the
    // range cuts a chunk, in JavaScript.
    for (const range of [timeRange, { startNs: ms(t0), endNs: ms(t0 + 4 * 60_000 + 25_000) }]) {
      const inIt = naive(await collect(s, { db: 'public', table: 'logs', timeRange: range }), [{ column: 'host' }]);
      const counted = await s.aggregate!({ db: 'public', table: 'logs', groupBy: [{ column: 'host' }], aggregates: [{ fn: 'count' }, { fn: 'count', column: 'ts' }], timeRange: range });
      expect(counted?.map((r) => [...r])).toEqual(inIt.map((r) => [r[0], r[1], r[1]]));
    }
    await s.close();
  });
});
