import { compressSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { Lz4Cursor, lz4DecodeInto } from './lz4-decode.js';

describe('lz4DecodeInto', () => {
  it('decodes what lz4-napi compresses, for random, run-heavy, periodic and mixed data of many lengths', () => {
    let seed = 5;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const kinds: ((i: number) => number)[] = [
      () => rand(256),
      (i) => (i >> 6) & 0xff,
      (i) => (i % 7) * 31,
      (i) => (rand(10) === 0 ? rand(256) : (i % 3) + 1),
      (i) => (i < 500 ? 0 : rand(4)),
    ];
    const out = new Uint8Array(70_000);
    for (const n of [1, 4, 15, 16, 19, 64, 255, 270, 1000, 8125, 65_536]) {
      for (const kind of kinds) {
        const raw = Buffer.alloc(n);
        for (let i = 0; i < n; i++) raw[i] = kind(i);
        const z = compressSync(raw);
        // At an offset inside a larger buffer, as blocks sit inside a chunk.
        const host = new Uint8Array(z.length + 10);
        host.set(z, 3);
        out.fill(0xee);
        expect(lz4DecodeInto(host, 3, 3 + z.length, out)).toBe(n);
        expect(Buffer.from(out.subarray(0, n)).equals(raw)).toBe(true);
      }
    }
  });

  it('repeats short periods (overlapping matches) of every length from 1 to 40', () => {
    const out = new Uint8Array(5000);
    for (let period = 1; period <= 40; period++) {
      for (const n of [33, 100, 999, 4096]) {
        const raw = Buffer.alloc(n);
        for (let i = 0; i < n; i++) raw[i] = i < 7 ? 200 + i : ((i % period) * 37 + period) & 0xff;
        const z = compressSync(raw);
        out.fill(0xee);
        expect(lz4DecodeInto(z, 0, z.length, out)).toBe(n);
        expect(Buffer.from(out.subarray(0, n)).equals(raw), `period ${period}, ${n} bytes`).toBe(true);
      }
    }
  });

  it('Lz4Cursor decodes as far as asked, in steps, and ends where lz4DecodeInto does', () => {
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

  it('throws on malformed blocks instead of reading or writing outside', () => {
    const z = compressSync(Buffer.alloc(1000, 7));
    const out = new Uint8Array(2000);
    expect(() => lz4DecodeInto(z, 0, z.length, new Uint8Array(10))).toThrow(/does not fit/);
    // Truncated: fewer bytes than the stated length.
    expect(() => lz4DecodeInto(z, 0, z.length - 2, out)).toThrow();
    // A stated length larger than what the block holds.
    const longer = Buffer.from(z);
    longer.writeUInt32LE(1500, 0);
    expect(() => lz4DecodeInto(longer, 0, longer.length, out)).toThrow(/1500 expected/);
    // A match offset reaching before the start.
    const bad = Buffer.from([10, 0, 0, 0, 0x10, 65, 9, 0]);
    expect(() => lz4DecodeInto(bad, 0, bad.length, out)).toThrow(/outside/);
  });
});
