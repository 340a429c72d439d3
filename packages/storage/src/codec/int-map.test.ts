import { describe, expect, it } from 'vitest';
import { IntMap32 } from './int-map.js';

describe('IntMap32', () => {
  it('holds the same entries as a Map over random 32-bit keys (0, negatives and colliding slots included), through growth', () => {
    let seed = 11;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) | 0);
    const m = new IntMap32();
    const ref = new Map<number, number>();
    const keys = [0, -1, 1, 0x7fffffff, -0x80000000, ...Array.from({ length: 5000 }, rand), ...Array.from({ length: 200 }, (_, i) => i * 0x10000)];
    keys.forEach((k, i) => {
      m.set(k, i % 97);
      ref.set(k, i % 97);
    });
    expect(m.size).toBe(ref.size);
    for (const [k, v] of ref) expect(m.get(k)).toBe(v);
    for (let i = 0; i < 1000; i++) {
      const k = rand();
      if (!ref.has(k)) expect(m.get(k)).toBe(-1);
    }
    const seen: number[] = [];
    m.forEach((k) => seen.push(k));
    expect(seen.sort((a, b) => a - b)).toEqual([...ref.keys()].map((k) => k >>> 0).sort((a, b) => a - b));
  });
});
