import { describe, expect, it } from 'vitest';
import { SeqText } from './seq-text.js';

describe('SeqText', () => {
  const texts = (base: bigint, n: number) => {
    const s = new SeqText(base);
    return Array.from({ length: n }, () => s.next());
  };
  const expected = (base: bigint, n: number) => Array.from({ length: n }, (_, i) => String(base + BigInt(i)));

  it('counts from a nanosecond clock value', () => {
    const base = 1_764_400_000_123_456_789n;
    expect(texts(base, 5)).toEqual(expected(base, 5));
  });
  it('carries into the high digits at a billion', () => {
    const base = 1_764_400_000_999_999_997n;
    expect(texts(base, 6)).toEqual(expected(base, 6));
  });
  it('pads low digits with zeros after a high part', () => {
    const base = 5_000_000_007n;
    expect(texts(base, 3)).toEqual(['5000000007', '5000000008', '5000000009']);
  });
  it('has no leading zeros below a billion, and crosses it', () => {
    expect(texts(0n, 3)).toEqual(['0', '1', '2']);
    expect(texts(999_999_998n, 4)).toEqual(expected(999_999_998n, 4));
  });
  it('reaches UInt64 values past 2^63', () => {
    const base = (1n << 64n) - 3n;
    expect(texts(base, 3)).toEqual(expected(base, 3));
  });
});
