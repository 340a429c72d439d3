import { describe, expect, it } from 'vitest';
import { addHll, countHll, decodeHll, encodeHll, mergeHll, newHll } from './hll.js';
import { addValue, decodeSketch, encodeSketch, mergeSketch, newSketch, quantile } from './uddsketch.js';

describe('UDDSketch', () => {
  it('answers GreptimeDB’s quantiles for 10..100 (128 buckets, 1% error)', () => {
    const s = newSketch(128, 0.01);
    for (let v = 10; v <= 100; v += 10) addValue(s, v);
    expect([0.1, 0.5, 0.75, 0.95].map((q) => quantile(s, q))).toEqual([19.886670240866184, 59.745049810145126, 80.648188221533, 100.49456770856492]);
  });

  it('round-trips its state, merges, compacts within the bucket limit and keeps the relative error', () => {
    const a = newSketch(16, 0.01);
    const b = newSketch(16, 0.01);
    for (let i = 1; i <= 1000; i++) addValue(i % 2 ? a : b, i);
    expect(a.buckets.size).toBeLessThanOrEqual(16);
    mergeSketch(a, decodeSketch(encodeSketch(b))!);
    expect(a.count).toBe(1000);
    const median = quantile(a, 0.5)!;
    expect(Math.abs(median - 500) / 500).toBeLessThan(a.alpha * 2);
    expect(quantile(newSketch(8, 0.1), 0.5)).toBeNull();
    expect(decodeSketch(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});

describe('HyperLogLog', () => {
  it('counts small sets exactly and merges', () => {
    const a = newHll();
    const b = newHll();
    for (const x of ['a', 'b', 'c', 'a']) addHll(a, x);
    for (const x of ['c', 'd', 'e']) addHll(b, x);
    expect(countHll(a)).toBe(3);
    mergeHll(a, decodeHll(encodeHll(b))!);
    expect(countHll(a)).toBe(5);
  });

  it('estimates large sets within a few percent', () => {
    const h = newHll();
    for (let i = 0; i < 50_000; i++) addHll(h, `v${i}`);
    expect(Math.abs(countHll(h) - 50_000) / 50_000).toBeLessThan(0.03);
  });
});
