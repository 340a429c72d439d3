import { rmSync } from 'node:fs';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeSeriesColumns, encodeSeriesWrite, type SeriesColumns } from '../encode.js';
import { collect, tempStore } from '../test-support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const SCHEMA: ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'v', type: 'float64', semantic: 'field' },
  { name: 'a', type: 'string', semantic: 'tag' },
  { name: 'b', type: 'string', semantic: 'tag' },
];

/** The rows the series stand for: one per sample, tags in schema order (`SCHEMA` layout). */
function rowsOf(series: readonly SeriesColumns[]): Value[][] {
  const rows: Value[][] = [];
  for (const s of series) for (let i = 0; i < s.times.length; i++) rows.push([s.times[i]!, s.fields[0]![i]!, s.tags[0]!, s.tags[1]!]);
  return rows;
}

/** A quiet NaN with a payload (which must survive; rows built in a test quiet a signalling one such as the staleness marker). */
const STALE = new Float64Array(new Uint32Array([0x123, 0x7ff80000]).buffer)[0]!;

let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);

function randomSeries(count: number): SeriesColumns[] {
  return Array.from({ length: count }, () => {
    const n = rand(12);
    const times = Array.from({ length: n }, () => 1_700_000_000_000 + rand(6) * 1000 + (rand(10) === 0 ? 3_600_000 * rand(30) : 0));
    const values = Float64Array.from({ length: n }, () => (rand(8) === 0 ? STALE : rand(1000) / 8 - 50));
    return { tags: [`x${rand(3)}`, rand(3) === 0 ? null : `y${rand(2)}`], times, fields: [values] };
  });
}

describe('encodeSeriesColumns (series given as columns, WriteRequest.encoded kind series)', () => {
  it('encodes exactly what encodeSeriesWrite encodes from the equivalent rows (merged series, unsorted and repeated times, NaN payloads, long spans)', async () => {
    const s = await tempStore(dirs, 'sluice-encode-columns-');
    // The table has a third tag this write lacks (null in every row) and the write's two.
    await s.write([{ db: 'public', table: 'm', schema: [...SCHEMA, { name: 'c', type: 'string', semantic: 'tag' }], rows: [[1, 1, 'x', 'y', 'z']] }]);
    const layout = s.writeLayout('public', 'm', true)!;
    for (let round = 0; round < 30; round++) {
      const series = randomSeries(1 + rand(20));
      const ours = encodeSeriesColumns(layout, { schema: SCHEMA, series });
      const theirs = encodeSeriesWrite(layout, { schema: SCHEMA, rows: rowsOf(series) });
      if (theirs === undefined) {
        expect(ours).toBeUndefined(); // no samples at all
        continue;
      }
      expect(ours!.count).toBe(theirs.count);
      const view = (e: typeof ours) => e!.chunks.map((c) => ({ tags: c.tags, min: c.min, rows: c.rows, bytes: Buffer.from(c.bytes).toString('hex') }));
      expect(view(ours)).toEqual(view(theirs));
    }
    await s.close();
  });

  it('stores the same rows as a plain write, and declines what only the rows path may decide', async () => {
    const plain = await tempStore(dirs, 'sluice-encode-columns-');
    const ahead = await tempStore(dirs, 'sluice-encode-columns-');
    for (const st of [plain, ahead]) await st.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: [[1, 1, 'x0', 'y0']] }]);
    const series = randomSeries(40);
    const encoded = encodeSeriesColumns(ahead.writeLayout('public', 'm', true)!, { schema: SCHEMA, series });
    const rows = rowsOf(series);
    await plain.write([{ db: 'public', table: 'm', schema: SCHEMA, rows }]);
    await ahead.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: [], encoded }]);
    const read = async (st: typeof plain) => (await collect(st, { db: 'public', table: 'm' })).map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : Number.isNaN(v) ? 'NaN' : v)));
    expect(await read(ahead)).toEqual(await read(plain));
    const layout = ahead.writeLayout('public', 'm', true)!;
    const one = (times: number[]): SeriesColumns[] => [{ tags: ['x', 'y'], times, fields: [new Float64Array(times.length)] }];
    // A new tag column, a non-integer time, a tag column of another type: the rows path decides.
    expect(encodeSeriesColumns(layout, { schema: [...SCHEMA, { name: 'new', type: 'string', semantic: 'tag' }], series: [{ tags: ['x', 'y', 'z'], times: [1], fields: [new Float64Array(1)] }] })).toBeUndefined();
    expect(encodeSeriesColumns(layout, { schema: SCHEMA, series: one([1.5]) })).toBeUndefined();
    expect(encodeSeriesColumns(layout, { schema: SCHEMA.map((c) => (c.name === 'a' ? { ...c, semantic: 'field' as const } : c)), series: one([1]) })).toBeUndefined();
    await plain.close();
    await ahead.close();
  });
});
