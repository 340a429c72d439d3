import type { ColumnType, Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { ChunkView, encodeChunk } from './chunk-codec.js';
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
        expect([...mask].map(Boolean)).toEqual(col.map((x) => x !== null && (x as string).includes(needle)));
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
