import type { ColumnType, Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { writeBlock } from './block.js';
import { bitsToArray } from './row-bits.js';
import { ChunkView, encodeChunk, encodeChunkHead, encodeFieldBlocks, encodeSeriesBlock } from './chunk-codec.js';
import { decodeRow, encodeRow } from './row-codec.js';

const types: ColumnType[] = ['string', 'int64', 'float32', 'boolean', 'json', 'binary', 'timestamp_ns', 'uint8'];

describe('chunk codec', () => {
  it('round-trips columns with nulls, skipping unread columns', () => {
    const n = 13;
    const fields: Value[][] = [
      Array.from({ length: n }, (_, i) => (i % 3 ? `s${i} ✓` : null)),
      Array.from({ length: n }, (_, i) => (i % 2 ? BigInt(i) * -(2n ** 59n) : i)),
      Array.from({ length: n }, (_, i) => i + 0.5),
      Array.from({ length: n }, (_, i) => i % 2 === 0),
      Array.from({ length: n }, (_, i) => ({ i, a: [i] })),
      Array.from({ length: n }, (_, i) => new Uint8Array([i, 255])),
      Array.from({ length: n }, (_, i) => 1_700_000_000_000_000_000n + BigInt(i)),
      Array.from({ length: n }, () => null),
    ];
    const ts = Array.from({ length: n }, (_, i) => 1_700_000_000_000_000_000n + BigInt(i * 1000));
    const w = new ByteWriter(16);
    encodeChunk(w, types, { tableId: 9, ts, series: ts.map((_, i) => i % 4), fields });
    const v = new ChunkView(w.take());
    expect([v.tableId, v.count, v.minTs, v.maxTs]).toEqual([9, n, ts[0], ts[n - 1]]);
    expect(v.field(5, 'binary')).toEqual(fields[5]);
    expect(v.field(0, 'string')).toEqual(fields[0]);
    expect(v.ts()).toEqual(ts);
    expect([...v.series()]).toEqual(ts.map((_, i) => i % 4));
    for (let s = 0; s < 7; s++) expect(v.field(s, types[s]!)).toEqual(fields[s]);
    // The all-null trailing column is not stored: it reads as absent (the column default applies).
    expect(v.field(7, 'uint8')).toBeUndefined();
  });

  it('dictionary-encodes repetitive strings and reads them back, also for selected rows', () => {
    const n = 40;
    const levels: Value[] = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? null : ['info', 'warn', 'érror'][i % 3]!));
    const unique: Value[] = Array.from({ length: n }, (_, i) => `message ${i}`);
    const ts = Array.from({ length: n }, (_, i) => BigInt(i));
    const plain = new ByteWriter();
    encodeChunk(plain, ['string', 'string'], { tableId: 1, ts, series: ts.map(() => 1), fields: [unique, unique] });
    const dict = new ByteWriter();
    encodeChunk(dict, ['string', 'string'], { tableId: 1, ts, series: ts.map(() => 1), fields: [levels, unique] });
    expect(dict.pos).toBeLessThan(plain.pos);
    const v = new ChunkView(dict.take());
    expect(v.field(0, 'string')).toEqual(levels);
    expect(v.field(1, 'string')).toEqual(unique);
    const some = new ChunkView(dict.take()).field(1, 'string', [3, 17, 39])!;
    expect([some[3], some[17], some[39], some[4]]).toEqual(['message 3', 'message 17', 'message 39', undefined]);
  });

  it('writes dictionary codes past one varint byte, and gives the dictionary up at a quarter of the values', () => {
    const n = 1200;
    // 200 distinct values among 1,090 present ones (under a quarter): codes past 127 take two varint bytes.
    const many: Value[] = Array.from({ length: n }, (_, i) => (i % 11 === 0 ? null : `v${(i * 7) % 200}`));
    const ts = Array.from({ length: n }, (_, i) => BigInt(i));
    const w = new ByteWriter();
    encodeChunk(w, ['string'], { tableId: 1, ts, series: ts.map(() => 1), fields: [many] });
    const v = new ChunkView(w.take());
    const typed = v.typed(0, 'string')!;
    expect(typed.kind === 'dict' ? typed.dict.length : typed.kind).toBe(200);
    expect(v.field(0, 'string')).toEqual(many);
    // One more distinct value than a quarter: stored plain, read back the same.
    const over: Value[] = Array.from({ length: 40 }, (_, i) => `u${i % 11}`);
    const w2 = new ByteWriter();
    encodeChunk(w2, ['string'], { tableId: 1, ts: ts.slice(0, 40), series: over.map(() => 1), fields: [over] });
    const v2 = new ChunkView(w2.take());
    expect(v2.typed(0, 'string')!.kind).toBe('boxed');
    expect(v2.field(0, 'string')).toEqual(over);
  });

  it('keeps a dictionary in order of first appearance on both sides of its switch from comparisons to a Map', () => {
    const ts = Array.from({ length: 64 }, (_, i) => BigInt(i));
    const encode = (col: Value[]) => {
      const w = new ByteWriter();
      encodeChunk(w, ['string'], { tableId: 1, ts: ts.slice(0, col.length), series: col.map(() => 1), fields: [col] });
      return new ChunkView(w.take());
    };
    // 8 distinct among 32 present values (a quarter exactly, 4 nulls besides): a dictionary found by
    // comparisons alone; 9 distinct (some of one length, some of another) among 36: plain.
    const eight: Value[] = Array.from({ length: 36 }, (_, i) => (i % 9 === 8 ? null : `k${(i * 3) % 8}`));
    const t8 = encode(eight).typed(0, 'string')!;
    expect(t8.kind === 'dict' ? t8.dict : t8.kind).toEqual(['k0', 'k3', 'k6', 'k1', 'k4', 'k7', 'k2', 'k5']);
    expect(encode(eight).field(0, 'string')).toEqual(eight);
    const nine: Value[] = Array.from({ length: 36 }, (_, i) => `k${i % 9}`.repeat(1 + (i % 2)));
    expect(encode(nine).typed(0, 'string')!.kind).toBe('boxed');
    expect(encode(nine).field(0, 'string')).toEqual(nine);
    // 12 distinct among 64: the first 8 compared, the rest through the Map, codes continuing from 8.
    const twelve: Value[] = Array.from({ length: 64 }, (_, i) => `w${(i * 5) % 12}`);
    const t12 = encode(twelve).typed(0, 'string')!;
    expect(t12.kind === 'dict' ? t12.dict : t12.kind).toEqual([0, 5, 10, 3, 8, 1, 6, 11, 4, 9, 2, 7].map((k) => `w${k}`));
    expect(encode(twelve).field(0, 'string')).toEqual(twelve);
    // Long values alike in their first and last 32 characters (the part hashed) still get codes of their own.
    const long: Value[] = Array.from({ length: 64 }, (_, i) => `${'a'.repeat(40)}${(i * 7) % 16}${'z'.repeat(40)}`);
    const tl = encode(long).typed(0, 'string')!;
    expect(tl.kind === 'dict' ? tl.dict.length : tl.kind).toBe(16);
    expect(encode(long).field(0, 'string')).toEqual(long);
  });
});

describe('series block', () => {
  let seed = 11;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const chunkOf = (series: number[], from = 0, to = series.length) => {
    const ts = Array.from({ length: to - from }, (_, i) => BigInt(i));
    const fields = [ts.map((x) => Number(x) / 3)];
    const w = new ByteWriter(8);
    encodeChunkHead(w, 5, ts, fields);
    encodeSeriesBlock(w, series, from, to);
    encodeFieldBlocks(w, ['float64'], fields, ts.length);
    return { w, fields };
  };

  it('round-trips ids of every width and spread (fixed-width offsets or varints), whole and from a range of rows', () => {
    const spreads = [1, 2, 200, 255, 256, 1000, 65_535, 65_536, 3_000_000, 0xffffffff];
    for (const spread of spreads) {
      for (const base of [0, 1, 127, 16_384, 0xffffffff - spread]) {
        for (const n of [1, 7, 1000]) {
          const series = Array.from({ length: n + 3 }, () => base + rand(spread + 1));
          // Clustered ids too (runs of one series), as a write of few hosts gives.
          if (n === 1000) for (let i = 0; i < n; i++) series[i] = base + Math.floor((i / n) * spread);
          const { w, fields } = chunkOf(series, 2, n + 2);
          const v = new ChunkView(w.take());
          const want = series.slice(2, n + 2);
          expect([...v.series()]).toEqual(want);
          // Decoded into a reused array (not cached), then again from the block.
          const into = new Uint32Array(n + 5).fill(9);
          expect([...v.series(into).subarray(0, n)]).toEqual(want);
          expect(into[n]).toBe(9);
          expect(v.field(0, 'float64')).toEqual(fields[0]);
        }
      }
    }
  });

  it('round-trips ids that varints store in fewer bytes (two ids far apart)', () => {
    const far = Array.from({ length: 1000 }, () => (rand(2) ? 5 : 2_000_000 + rand(3)));
    expect([...new ChunkView(chunkOf(far).w.take()).series()]).toEqual(far);
  });

  it('reads format-2 chunks (series ids as varints without a mode byte)', () => {
    const n = 300;
    const ts = Array.from({ length: n }, (_, i) => BigInt(i * 10));
    const series = Array.from({ length: n }, () => rand(100_000));
    const fields = [ts.map((x) => Number(x) * 1.5), ts.map((_, i) => (i % 3 ? `s${i % 4}` : null))];
    const w = new ByteWriter(8);
    encodeChunkHead(w, 3, ts, fields);
    w.buf[4] = 2;
    const ids = new ByteWriter(8);
    for (const s of series) ids.varint(s);
    writeBlock(w, ids.buf.subarray(0, ids.pos));
    encodeFieldBlocks(w, ['float64', 'string'], fields, n);
    const v = new ChunkView(w.take());
    expect([...v.series()]).toEqual(series);
    expect(v.ts()).toEqual(ts);
    expect(v.field(0, 'float64')).toEqual(fields[0]);
    expect(v.field(1, 'string')).toEqual(fields[1]);
  });
});

describe('float64 byte planes', () => {
  it('round-trip every bit pattern (NaN payloads, -0, infinities, subnormals) for every length mod 4, with nulls', () => {
    let seed = 3;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    const special = [Number.NaN, -0, 0, Infinity, -Infinity, 5e-324, Number.MAX_VALUE, 1 / 7];
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 63, 64, 65, 1001, 4096]) {
      for (const nulls of [false, true]) {
        const col: Value[] = Array.from({ length: n }, (_, i) => {
          if (nulls && rand() % 5 === 0) return null;
          if (i % 3 === 0) return special[rand() % special.length]!;
          words[0] = rand() ^ (rand() << 1);
          words[1] = rand() ^ (rand() << 1);
          return bits[0]!;
        });
        // A NaN with a payload of its own (a staleness marker's kind).
        if (n > 4 && col[4] !== null) col[4] = new Float64Array(new Uint32Array([2, 0x7ff00000]).buffer)[0]!;
        const ts = Array.from({ length: n }, (_, i) => BigInt(i));
        const w = new ByteWriter();
        encodeChunk(w, ['float64'], { tableId: 1, ts, series: ts.map(() => 1), fields: [col] });
        const v = new ChunkView(w.take());
        const pattern = (x: Value) => (x === null ? 'null' : Buffer.from(new Float64Array([x as number]).buffer).toString('hex'));
        expect(v.field(0, 'float64')!.map(pattern)).toEqual(col.map(pattern));
        const p = v.presentFloats(0)!;
        expect([...p.values.subarray(0, p.present)].map(pattern)).toEqual(col.filter((x) => x !== null).map(pattern));
      }
    }
  });
});

describe('float64 byte planes, compressed', () => {
  it('round-trip repetitive values (an LZ4 block decoded in WebAssembly) for every bitmap length mod 4', () => {
    for (const n of [400, 408, 416, 424, 1000, 1001, 4096]) {
      const col: Value[] = Array.from({ length: n }, (_, i) => (i % 50) / 7 - (i % 3 === 0 ? 1e16 : 0));
      const ts = Array.from({ length: n }, (_, i) => BigInt(i));
      const w = new ByteWriter();
      encodeChunk(w, ['float64'], { tableId: 1, ts, series: ts.map(() => 1), fields: [col] });
      // Compressed: far below 8 bytes per value.
      expect(w.pos).toBeLessThan(n * 6);
      const v = new ChunkView(w.take());
      const p = v.presentFloats(0)!;
      expect(p.present).toBe(n);
      expect([...p.values.subarray(0, n)]).toEqual(col);
      expect(v.field(0, 'float64')).toEqual(col);
    }
  });
});

describe('textMask (contains)', () => {
  it('finds substrings in plain and dictionary string slots like String.includes', () => {
    const n = 300;
    const plain: Value[] = Array.from({ length: n }, (_, i) => (i % 11 === 0 ? null : `GET /x${i} took ${i}ms${i % 13 === 0 ? ' upstream timeout' : ''}${i % 7 === 0 ? ' é日timeout' : ''}`));
    const dict: Value[] = Array.from({ length: n }, (_, i) => (i % 5 === 0 ? null : ['timeout', 'ok', 'time out', 'outtime'][i % 4]!));
    const ts = Array.from({ length: n }, (_, i) => BigInt(i));
    const w = new ByteWriter();
    encodeChunk(w, ['string', 'string'], { tableId: 1, ts, series: ts.map(() => 1), fields: [plain, dict] });
    const v = new ChunkView(w.take());
    for (const needle of ['timeout', 'é日t', 'x1', 'ms', '', 'nothing here', 'out t']) {
      for (const [slot, col] of [[0, plain], [1, dict]] as const) {
        const mask = v.textMask(slot, 'contains', needle)!;
        expect([...bitsToArray(mask, n)].map(Boolean)).toEqual(col.map((x) => x !== null && (x as string).includes(needle)));
      }
    }
    expect(v.textMask(2, 'contains', 'x')).toBeUndefined();
  });
});

describe('row codec', () => {
  it('round-trips a row and reads slots the row predates as undefined', () => {
    const w = new ByteWriter(4);
    encodeRow(w, ['string', 'int32'], ['x'.repeat(300), -7]);
    const out: (Value | undefined)[] = [];
    decodeRow(new ByteReader().reset(w.take()), ['string', 'int32', 'float64'], [true, true, true], out);
    expect(out).toEqual(['x'.repeat(300), -7, undefined]);
  });

  it('writes long and multi-byte strings with a correct length prefix', () => {
    for (const s of ['', 'a', 'é'.repeat(50), '日'.repeat(5000), 'x'.repeat(200_000)]) {
      const w = new ByteWriter(8);
      w.string(s);
      w.u8(0xab);
      const r = new ByteReader().reset(w.take());
      expect(r.string()).toBe(s);
      expect(r.u8()).toBe(0xab);
    }
  });
});
