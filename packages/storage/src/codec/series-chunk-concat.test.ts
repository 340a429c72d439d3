import type { ColumnType, Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.js';
import { colValue, concatSeriesChunks, encodeSeriesChunk, SeriesChunkView, type ChunkPart } from './series-chunk-codec.js';

// concatSeriesChunks (the head fold's merge of a series written forward) must write exactly the bytes
// encodeSeriesChunk writes for the same rows: every mode (no null, some null, all null, absent rows,
// parts older than a column), float64 and variable-width types.

const TYPES: ColumnType[] = ['float64', 'int64', 'string', 'boolean'];

let seed = 11;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);

/** A value of slot `s`, null or absent by `shape`: 0 always set, 1 sometimes null, 2 always null, 3 sometimes absent. */
function value(s: number, shape: number): Value | undefined {
  if (shape === 1 && rand(3) === 0) return null;
  if (shape === 2) return null;
  if (shape === 3 && rand(3) === 0) return rand(2) === 0 ? undefined : null;
  switch (TYPES[s]) {
    case 'float64':
      return rand(2) === 0 ? rand(1000) / 7 : Number.NaN;
    case 'int64':
      return rand(1_000_000) - 500_000;
    case 'string':
      return 'x'.repeat(rand(5)) + rand(100);
    default:
      return rand(2) === 0;
  }
}

interface Part {
  min: bigint;
  offs: number[];
  fields: (Value | undefined)[][];
}

function encode(part: { offs: number[]; fields: (Value | undefined)[][] }): Buffer {
  const w = new ByteWriter(64);
  encodeSeriesChunk(w, TYPES, part.offs, part.offs.length, part.fields);
  return w.take();
}

/** Parts in time order, each after the previous one's last time; `slots[k]`: how many columns part k has. */
function makeParts(count: number, slots: number[], shapes: number[][]): Part[] {
  const parts: Part[] = [];
  let t = 1_000_000n + BigInt(rand(1000));
  for (let k = 0; k < count; k++) {
    const n = 1 + rand(20);
    const offs: number[] = [];
    let o = 0;
    for (let i = 0; i < n; i++) offs.push((o += i === 0 ? 0 : 1 + rand(1000)));
    const fields = Array.from({ length: slots[k]! }, (_, s) => offs.map(() => value(s, shapes[k]![s]!)));
    parts.push({ min: t, offs, fields });
    t += BigInt(o + 1 + rand(5000));
  }
  return parts;
}

function concat(parts: Part[]): Buffer {
  const w = new ByteWriter(16);
  const views: ChunkPart[] = parts.map((p) => ({ min: p.min, view: new SeriesChunkView(encode(p)) }));
  concatSeriesChunks(w, TYPES, views);
  return w.take();
}

/** The parts' rows as one chunk, encoded directly. */
function direct(parts: Part[]): Buffer {
  const base = parts[0]!.min;
  const offs: number[] = [];
  const slots = Math.max(...parts.map((p) => p.fields.length));
  const fields: (Value | undefined)[][] = Array.from({ length: slots }, () => []);
  for (const p of parts) {
    for (let i = 0; i < p.offs.length; i++) {
      offs.push(Number(p.min - base) + p.offs[i]!);
      for (let s = 0; s < slots; s++) fields[s]!.push(s < p.fields.length ? p.fields[s]![i] : undefined);
    }
  }
  return encode({ offs, fields });
}

describe('concatSeriesChunks', () => {
  it('writes the bytes encodeSeriesChunk writes for the same rows, in every slot mode', () => {
    for (let round = 0; round < 300; round++) {
      const count = 1 + rand(6);
      const slots = Array.from({ length: count }, () => 1 + rand(TYPES.length));
      const shapes = Array.from({ length: count }, () => TYPES.map(() => rand(4)));
      const parts = makeParts(count, slots, shapes);
      const got = concat(parts);
      expect(got.equals(direct(parts))).toBe(true);
    }
  });

  it('reads back every row of every part', () => {
    const parts = makeParts(4, [4, 2, 4, 1], [[0, 1, 3, 0], [2, 0, 0, 0], [1, 3, 2, 1], [0, 0, 0, 0]]);
    const view = new SeriesChunkView(concat(parts));
    expect(view.count).toBe(parts.reduce((n, p) => n + p.offs.length, 0));
    const offs = view.offs();
    let row = 0;
    for (const p of parts) {
      for (let i = 0; i < p.offs.length; i++, row++) {
        expect(offs[row]).toBe(Number(p.min - parts[0]!.min) + p.offs[i]!);
        for (let s = 0; s < TYPES.length; s++) expect(colValue(view.col(s, TYPES[s]!), row)).toEqual(s < p.fields.length ? p.fields[s]![i] : undefined);
      }
    }
  });

  it('keeps a float64 NaN payload bit for bit', () => {
    const nan = new Float64Array(new BigUint64Array([0x7ff8_0000_dead_beefn]).buffer)[0]!;
    const parts: Part[] = [
      { min: 10n, offs: [0, 1], fields: [[nan, 1]] },
      { min: 20n, offs: [0], fields: [[nan]] },
    ];
    const col = new SeriesChunkView(concat(parts)).col(0, 'float64');
    const bits = new BigUint64Array((col as { f64: Float64Array }).f64.buffer);
    expect(bits[0]).toBe(0x7ff8_0000_dead_beefn);
    expect(bits[2]).toBe(0x7ff8_0000_dead_beefn);
  });
});
