import { describe, expect, it } from 'vitest';
import { chunkKey, chunkKeySeq, chunkKeyTime } from './chunk-key.js';
import { keySeries, keyTime, rowKey, tableEnd, tableStart, timeBound } from './row-key.js';

describe('row keys', () => {
  const times = [-(2n ** 63n), -1_000_000n, -1n, 0n, 1n, 1_700_000_000_000n, 2n ** 63n - 1n];

  it('sort by table, then time (negative times first), then series', () => {
    const keys = [];
    for (const sid of [2, 1]) for (const t of [...times].reverse()) for (const series of [7, 3]) keys.push({ sid, t, series, key: rowKey(sid, t, series) });
    const sorted = [...keys].sort((a, b) => Buffer.compare(a.key, b.key));
    const expected = [...keys].sort((a, b) => a.sid - b.sid || (a.t < b.t ? -1 : a.t > b.t ? 1 : 0) || a.series - b.series);
    expect(sorted.map((k) => [k.sid, k.t, k.series])).toEqual(expected.map((k) => [k.sid, k.t, k.series]));
  });

  it('decode time and series, and bound a table', () => {
    for (const t of times) {
      const k = rowKey(5, t, 42);
      expect(keyTime(k)).toBe(t);
      expect(keySeries(k)).toBe(42);
      expect(Buffer.compare(tableStart(5), k)).toBeLessThan(0);
      expect(Buffer.compare(k, tableEnd(5))).toBeLessThan(0);
      expect(Buffer.compare(timeBound(5, t), k)).toBeLessThan(0);
      if (t < 2n ** 63n - 1n) expect(Buffer.compare(k, timeBound(5, t + 1n))).toBeLessThan(0);
    }
    expect(Buffer.compare(timeBound(5, 2n ** 70n), timeBound(5, 2n ** 63n - 1n))).toBe(0);
  });

  it('chunk keys carry time and a 53-bit sequence', () => {
    const k = chunkKey(3, -5n, 2 ** 40 + 7);
    expect(chunkKeyTime(k)).toBe(-5n);
    expect(chunkKeySeq(k)).toBe(2 ** 40 + 7);
    expect(Buffer.compare(chunkKey(3, -5n, 9), chunkKey(3, 4n, 1))).toBeLessThan(0);
  });
});
