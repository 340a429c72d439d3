import { compressSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { Lz4Cursor } from './lz4-decode.js';

describe('Lz4Cursor', () => {
  it('Lz4Cursor decodes as far as asked, in steps, and to the end of the block', () => {
    let seed = 11;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const raw = Buffer.alloc(20_000);
    for (let i = 0; i < raw.length; i++) raw[i] = rand(8) === 0 ? rand(256) : (i % 5) * 9;
    const z = compressSync(raw);
    const c = new Lz4Cursor().reset(z, 0, z.length, new Uint8Array(raw.length));
    expect(c.n).toBe(raw.length);
    for (let want = 0; want < raw.length; want += 1 + rand(3000)) {
      c.fill(want);
      expect(c.o).toBeGreaterThanOrEqual(want);
      expect(c.o).toBeLessThanOrEqual(raw.length);
      expect(Buffer.from(c.out.subarray(0, c.o)).equals(raw.subarray(0, c.o))).toBe(true);
    }
    c.fill(Infinity);
    expect(c.o).toBe(raw.length);
    expect(Buffer.from(c.out.subarray(0, c.o)).equals(raw)).toBe(true);
    // A truncated block throws once the reader asks past what it holds.
    const cut = new Lz4Cursor().reset(z, 0, z.length - 40, new Uint8Array(raw.length));
    cut.fill(100);
    expect(() => cut.fill(raw.length)).toThrow();
  });
});
