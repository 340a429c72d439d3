import { compressSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { decodeFloatBlock, lz4Decode } from './wasm-kernels.js';

let seed = 5;
const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;

describe('lz4Decode (WebAssembly)', () => {
  it('decodes what lz4-napi compresses, for random, run-heavy, periodic and mixed data of many lengths', () => {
    const kinds: ((i: number) => number)[] = [
      () => rand(256),
      (i) => (i >> 6) & 0xff,
      (i) => (i % 7) * 31,
      (i) => (rand(10) === 0 ? rand(256) : (i % 3) + 1),
      (i) => (i < 500 ? 0 : rand(4)),
      // literal runs of every length next to matches
      (i) => (i % 97 < 40 ? rand(256) : i % 5),
    ];
    for (const n of [1, 4, 15, 16, 17, 19, 64, 255, 270, 1000, 8125, 65_536, 200_000]) {
      for (const kind of kinds) {
        const raw = Buffer.alloc(n);
        for (let i = 0; i < n; i++) raw[i] = kind(i);
        expect(Buffer.from(lz4Decode(compressSync(raw))).equals(raw), `${n} bytes`).toBe(true);
      }
    }
  });

  it('repeats short periods (overlapping matches) of every length from 1 to 40', () => {
    for (let period = 1; period <= 40; period++) {
      for (const n of [9, 33, 100, 999, 4096]) {
        const raw = Buffer.alloc(n);
        for (let i = 0; i < n; i++) raw[i] = i < 7 ? 200 + i : ((i % period) * 37 + period) & 0xff;
        expect(Buffer.from(lz4Decode(compressSync(raw))).equals(raw), `period ${period}, ${n} bytes`).toBe(true);
      }
    }
  });

  it('throws on malformed blocks instead of reading or writing outside', () => {
    const z = compressSync(Buffer.alloc(1000, 7));
    // Truncated: fewer bytes than the stated length.
    expect(() => lz4Decode(z.subarray(0, z.length - 2))).toThrow(/lz4 block/);
    // A stated length larger than what the block holds.
    const longer = Buffer.from(z);
    longer.writeUInt32LE(1500, 0);
    expect(() => lz4Decode(longer)).toThrow(/lz4 block/);
    // A stated length smaller: the block does not fit.
    const shorter = Buffer.from(z);
    shorter.writeUInt32LE(500, 0);
    expect(() => lz4Decode(shorter)).toThrow(/lz4 block/);
    // A match offset reaching before the start.
    expect(() => lz4Decode(Buffer.from([10, 0, 0, 0, 0x10, 65, 9, 0]))).toThrow(/lz4 block/);
    // A literal length past the end.
    expect(() => lz4Decode(Buffer.from([10, 0, 0, 0, 0xf0, 255, 255]))).toThrow(/lz4 block/);
    expect(() => lz4Decode(Buffer.from([1, 0]))).toThrow(/shorter/);
  });
});

/** A float64 block as chunk-codec.ts writes it: null bitmap, then the present values as 8 byte planes. */
function floatBlock(col: (number | null)[]): Buffer {
  const n = col.length;
  const bitmapLen = (n + 7) >> 3;
  const present = col.filter((x): x is number => x !== null);
  const bytes = new Uint8Array(new Float64Array(present).buffer);
  const out = Buffer.alloc(bitmapLen + 8 * present.length);
  col.forEach((x, i) => {
    if (x !== null) out[i >> 3]! |= 1 << (i & 7);
  });
  for (let j = 0; j < present.length; j++) for (let k = 0; k < 8; k++) out[bitmapLen + k * present.length + j] = bytes[8 * j + k]!;
  return out;
}

const hex = (x: number) => Buffer.from(new Float64Array([x]).buffer).toString('hex');

describe('decodeFloatBlock (WebAssembly)', () => {
  it('puts byte planes back together bit for bit, raw and LZ4, for every count mod 16 and with nulls', () => {
    const nanPayload = new Float64Array(new Uint32Array([2, 0x7ff00000]).buffer)[0]!;
    for (const n of [1, 3, 15, 16, 17, 31, 32, 33, 100, 1000, 1001, 4096]) {
      for (const nulls of [false, true]) {
        const col = Array.from({ length: n }, (_, i) => {
          if (nulls && i % 5 === 2) return null;
          if (i === 4) return nanPayload;
          return i % 3 === 0 ? (i % 50) / 7 : new Float64Array(new Uint32Array([rand(1 << 30) * 4 + rand(4), rand(1 << 30)]).buffer)[0]!;
        });
        const raw = floatBlock(col);
        const want = col.filter((x) => x !== null).map(hex);
        for (const stored of [raw, compressSync(raw)]) {
          const d = decodeFloatBlock(stored, stored !== raw, n);
          expect([...d.values].map(hex), `${n} rows`).toEqual(want);
          expect(Buffer.from(d.valid).equals(raw.subarray(0, (n + 7) >> 3))).toBe(true);
        }
      }
    }
  });

  it('rejects a block whose length does not match its bitmap', () => {
    const raw = floatBlock([1, 2, 3]);
    expect(() => decodeFloatBlock(raw.subarray(0, raw.length - 1), false, 3)).toThrow(/does not hold/);
    expect(() => decodeFloatBlock(Buffer.concat([raw, Buffer.alloc(8)]), false, 3)).toThrow(/float64 block/);
    const z = compressSync(raw);
    z.writeUInt32LE(1 << 30, 0);
    expect(() => decodeFloatBlock(z, true, 3)).toThrow(/float64 block/);
  });
});
