import { compressSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { lz4DecodeInto } from './lz4-decode.js';

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
