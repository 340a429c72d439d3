import { describe, expect, it } from 'vitest';
import type { Value } from '@sluice/pipeline-core';
import type { ColumnBatch, ColumnVector } from '@sluice/storage';
import { BatchReader } from './read-batch.js';
import type { MetricTable } from './metric-table.js';
import { SeriesAccum } from './series-accum.js';
import { staleNaN, isStaleNaN } from '../eval/values.js';

const mt: MetricTable = { db: 'public', name: 'm', tags: ['a', 'b'], timeColumn: 'ts', msDivisor: 1n, msMultiplier: 1, fields: ['v'] };
const STALE = staleNaN();
// Rows: series (a, b) -> times/values, given in runs as a per-series layout returns them, with one interleaved row.
const rows: [string, string, number, number][] = [
  ['x', '1', 1000, 1], ['x', '1', 2000, 2], ['x', '1', 3000, STALE],
  ['y', '1', 1000, 10], ['x', '2', 1500, 7], ['y', '1', 2000, 11],
];
const col = (name: string, values: Value[], typed?: ColumnVector['typed']): ColumnVector => ({ name, type: 'string', values, ...(typed ? { typed } : {}) }) as ColumnVector;

function typedBatch(shared: boolean): ColumnBatch {
  const series = [...new Set(rows.map((r) => `${r[0]}|${r[1]}`))];
  const seriesCodes = Int32Array.from(rows, (r) => series.indexOf(`${r[0]}|${r[1]}`));
  const dictA = shared ? series.map((s) => s.split('|')[0]!) : ['x', 'y'];
  const dictB = shared ? series.map((s) => s.split('|')[1]!) : ['1', '2'];
  const codesA = shared ? seriesCodes : Int32Array.from(rows, (r) => dictA.indexOf(r[0]));
  const codesB = shared ? seriesCodes : Int32Array.from(rows, (r) => dictB.indexOf(r[1]));
  return {
    length: rows.length,
    columns: [
      col('ts', rows.map((r) => BigInt(r[2])), { kind: 'time', base: 0n, offsets: Float64Array.from(rows, (r) => r[2]) }),
      col('v', rows.map((r) => r[3]), { kind: 'f64', f64: Float64Array.from(rows, (r) => r[3]) }),
      col('a', rows.map((r) => r[0]), { kind: 'dict', codes: codesA, dict: dictA }),
      col('b', rows.map((r) => r[1]), { kind: 'dict', codes: codesB, dict: dictB }),
    ],
  };
}

function plainBatch(): ColumnBatch {
  const vs: Value[] = rows.map(() => 0);
  rows.forEach((r, i) => (vs[i] = r[3]));
  return { length: rows.length, columns: [col('ts', rows.map((r) => BigInt(r[2]))), col('v', vs), col('a', rows.map((r) => r[0])), col('b', rows.map((r) => r[1]))] };
}

function read(batch: ColumnBatch): Map<string, { ts: number[]; vs: number[]; stale: boolean[] }> {
  const series: SeriesAccum[] = [];
  const reader = new BatchReader(mt, true, (tag) => {
    const a = new SeriesAccum([{ name: 'a', value: String(tag(0)) }, { name: 'b', value: String(tag(1)) }], true);
    series.push(a);
    return a;
  });
  reader.read(batch);
  const out = new Map<string, { ts: number[]; vs: number[]; stale: boolean[] }>();
  for (const s of series) {
    const r = s.toRaw();
    out.set(`${r.labels[0]!.value}|${r.labels[1]!.value}`, { ts: [...r.ts], vs: [...r.vs], stale: [...r.vs].map(() => false).map((_, i) => isStaleNaN(r.vs[i]!)) });
  }
  return out;
}

describe('BatchReader', () => {
  const expected = read(plainBatch());

  it('reads plain batches (values only) through the trie of tag values', () => {
    expect([...expected.keys()].sort()).toEqual(['x|1', 'x|2', 'y|1']);
    expect(expected.get('x|1')!.ts).toEqual([1000, 2000, 3000]);
    expect(expected.get('y|1')!.vs).toEqual([10, 11]);
  });

  it.each([
    ['one codes array shared by the tag columns (series codes)', true],
    ['one dictionary per tag column (code tuples)', false],
  ])('reads typed batches with %s in runs, the same series and samples, staleness markers bit for bit', (_name, shared) => {
    const got = read(typedBatch(shared));
    expect(new Map([...got].map(([k, v]) => [k, { ts: v.ts, vs: v.vs.map(String) }]))).toEqual(new Map([...expected].map(([k, v]) => [k, { ts: v.ts, vs: v.vs.map(String) }])));
    expect(got.get('x|1')!.stale).toEqual([false, false, true]);
  });
});
