import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeSeriesChunk, SeriesChunkView } from '../codec/series-chunk-codec.js';
import { openLmdbStore, type LmdbStore } from '../index.js';
import type { SeriesReadRequest } from '../store.js';
import { collect } from '../test-support.js';

// Store.readSeries (series-read.ts): each series' samples decoded straight into Float64Arrays must be
// exactly what a scan of the same table gives (times floored to ms, null values left out, NaN payloads
// kept), over overlapping rewrites, both merge modes, ranges cutting chunks, compaction and every time unit.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const open = () => {
  const d = mkdtempSync(join(tmpdir(), 'sluice-series-read-'));
  dirs.push(d);
  return openLmdbStore({ dataHome: d, ttlSweepIntervalMs: 0 });
};

const SCHEMA: ColumnSchema[] = [
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'dc', type: 'string', semantic: 'tag' },
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'v', type: 'float64', semantic: 'field' },
  { name: 'n', type: 'int64', semantic: 'field' },
];
const T0 = 1_700_000_000_000;
const HOUR = 3_600_000;

let seed = 11;
const rand = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % k);

/** Rows over 6 series and ~30 hours (several chunks per series), out of order, with repeats and some nulls. */
function randomRows(count: number, nulls: boolean): Value[][] {
  return Array.from({ length: count }, () => [`h${rand(3)}`, rand(3) === 0 ? null : `d${rand(2)}`, T0 + rand(30 * 60) * 60_000, nulls && rand(5) === 0 ? null : rand(1000) / 8, rand(100)]);
}

type Got = Map<string, [number, string][]>;
const bitsOf = (v: number): string => {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, v);
  return b.getBigUint64(0).toString(16);
};

/** readSeries' answer: tag tuple → [ms, value bits] in order. */
async function viaReadSeries(s: LmdbStore, req: Omit<SeriesReadRequest, 'db' | 'tags'>): Promise<Got> {
  const it = s.readSeries({ db: 'public', tags: ['host', 'dc'], ...req });
  expect(it).toBeDefined();
  const out: Got = new Map();
  for await (const x of it!) {
    const key = JSON.stringify(x.tags);
    expect(out.has(key)).toBe(false); // each series once
    expect(x.times.length).toBe(x.values.length);
    expect(x.times.length).toBeGreaterThan(0);
    const pts: [number, string][] = [];
    for (let i = 0; i < x.times.length; i++) {
      if (i > 0) expect(x.times[i]!).toBeGreaterThanOrEqual(x.times[i - 1]!);
      pts.push([x.times[i]!, bitsOf(x.values[i]!)]);
    }
    out.set(key, pts);
  }
  return out;
}

/** The same from a plain scan (the reference): times converted to ms, nulls dropped. */
async function viaScan(s: LmdbStore, table: string, field: string, range?: { startNs?: bigint; endNs?: bigint }, predicates?: SeriesReadRequest['predicates'], div = 1n, mult = 1): Promise<Got> {
  const rows = await collect(s, { db: 'public', table, columns: ['host', 'dc', 'ts', field], ...(range ? { timeRange: range } : {}), ...(predicates ? { predicates } : {}) });
  const out: Got = new Map();
  for (const r of rows) {
    const v = r[field];
    if (v === null || v === undefined) continue;
    const key = JSON.stringify([r.host ?? null, r.dc ?? null]);
    let pts = out.get(key);
    if (!pts) out.set(key, (pts = []));
    const ts = r.ts as bigint;
    const q = ts / div;
    pts.push([Number(q * div > ts ? q - 1n : q) * mult, bitsOf(Number(v))]);
  }
  for (const pts of out.values()) pts.sort((a, b) => a[0] - b[0]);
  return out;
}

const sorted = (g: Got) => [...g.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));

describe('Store.readSeries', () => {
  for (const mode of ['last_row', 'last_non_null'] as const) {
    it(`${mode}: equals a scan over overlapping rewrites, nulls and ranges, before and after compaction`, async () => {
      const s = await open();
      for (let w = 0; w < 8; w++) {
        await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: randomRows(w % 3 === 0 ? 500 : 60, true), options: { merge_mode: mode } }]);
      }
      const check = async () => {
        for (const field of ['v', 'n']) {
          expect(sorted(await viaReadSeries(s, { table: 't', field }))).toEqual(sorted(await viaScan(s, 't', field)));
          const range = { startNs: BigInt(T0 + 5 * HOUR + 123) * 1_000_000n, endNs: BigInt(T0 + 17 * HOUR) * 1_000_000n };
          expect(sorted(await viaReadSeries(s, { table: 't', field, timeRange: range }))).toEqual(sorted(await viaScan(s, 't', field, range)));
          const preds = [{ column: 'host', op: 'regex' as const, value: 'h[01]' }, { column: 'dc', op: '!=' as const, value: 'd1' }];
          expect(sorted(await viaReadSeries(s, { table: 't', field, predicates: preds }))).toEqual(sorted(await viaScan(s, 't', field, undefined, preds)));
        }
      };
      await check();
      for (let pass = 0; pass < 4 && (await s.compact()) > 0; pass++);
      await check();
      await s.close();
    });
  }

  it('reads a compacted series without nulls (the direct decode) the same as a scan, ranges cutting chunks at either end', async () => {
    const s = await open();
    const rows: Value[][] = [];
    for (let h = 0; h < 4; h++) for (let k = 0; k < 3000; k++) rows.push([`h${h}`, 'd0', T0 + k * 30_000, h * 1000 + k / 3, k]);
    await s.write([{ db: 'public', table: 'c', schema: SCHEMA, rows }]);
    for (const [lo, hi] of [[undefined, undefined], [T0 + 90_001, T0 + 20 * HOUR], [T0 + HOUR, T0 + HOUR + 1], [T0 - HOUR, T0], [T0 + 3 * HOUR + 5, undefined]] as const) {
      const range = { ...(lo !== undefined ? { startNs: BigInt(lo) * 1_000_000n } : {}), ...(hi !== undefined ? { endNs: BigInt(hi) * 1_000_000n } : {}) };
      const got = await viaReadSeries(s, { table: 'c', field: 'v', timeRange: range });
      expect(sorted(got)).toEqual(sorted(await viaScan(s, 'c', 'v', range)));
    }
    await s.close();
  });

  it('many series (several range reads of a group, narrow windows falling back series by series) read as a scan does', async () => {
    const s = await open();
    const rows: Value[][] = [];
    for (let h = 0; h < 150; h++) for (let k = 0; k < 48 * 6; k++) if ((h + k) % 7 !== 0) rows.push([`h${h}`, `d${h % 3}`, T0 + k * 600_000, h + k / 4, k]);
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows }]);
    for (let pass = 0; pass < 4 && (await s.compact()) > 0; pass++);
    const ranges = [undefined, { startNs: BigInt(T0 + 20 * HOUR + 1) * 1_000_000n, endNs: BigInt(T0 + 21 * HOUR) * 1_000_000n }, { startNs: BigInt(T0 + 47 * HOUR) * 1_000_000n }];
    for (const range of ranges) {
      for (const predicates of [undefined, [{ column: 'dc', op: '=' as const, value: 'd1' }], [{ column: 'host', op: 'regex' as const, value: 'h1[0-9]*' }]]) {
        const req = { table: 'm', field: 'v', ...(range ? { timeRange: range } : {}), ...(predicates ? { predicates } : {}) };
        expect(sorted(await viaReadSeries(s, req))).toEqual(sorted(await viaScan(s, 'm', 'v', range, predicates)));
      }
    }
    await s.close();
  });

  it('reads rows straight after their write (before any compaction or fold of recent writes) as a scan does', async () => {
    const s = await open();
    const rows: Value[][] = [];
    for (let h = 0; h < 3; h++) for (let k = 0; k < 200; k++) rows.push([`h${h}`, 'd0', T0 + k * 60_000, h + k / 4, k]);
    await s.write([{ db: 'public', table: 'fresh', schema: SCHEMA, rows }]);
    // A second write overlapping the first (later values win) and extending it.
    await s.write([{ db: 'public', table: 'fresh', schema: SCHEMA, rows: rows.slice(150).map((r) => [r[0], r[1], (r[2] as number) + 30_000 * ((r[4] as number) % 2), -1, r[4]]) }]);
    const got = await viaReadSeries(s, { table: 'fresh', field: 'v' });
    expect([...got.values()].reduce((n, p) => n + p.length, 0)).toBeGreaterThan(600);
    expect(sorted(got)).toEqual(sorted(await viaScan(s, 'fresh', 'v')));
    await s.close();
  });

  it('keeps NaN payloads (staleness markers) bit for bit', async () => {
    const s = await open();
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, 0x7ff0000000000002n);
    const stale = view.getFloat64(0);
    await s.write([{ db: 'public', table: 'nan', schema: SCHEMA, rows: [['a', 'x', 1000, 1, 1], ['a', 'x', 2000, stale, 1], ['a', 'x', 3000, 2, 1]] }]);
    const got = await viaReadSeries(s, { table: 'nan', field: 'v' });
    expect(got.get('["a","x"]')!.map((p) => p[1])).toEqual(['3ff0000000000000', '7ff0000000000002', '4000000000000000']);
    // And through the general path (an overlapping rewrite of one time).
    await s.write([{ db: 'public', table: 'nan', schema: SCHEMA, rows: [['a', 'x', 3000, stale, 1]] }]);
    const again = await viaReadSeries(s, { table: 'nan', field: 'v' });
    expect(again.get('["a","x"]')!.map((p) => p[1])).toEqual(['3ff0000000000000', '7ff0000000000002', '7ff0000000000002']);
    await s.close();
  });

  it('a field added later reads as its default in older rows', async () => {
    const s = await open();
    const base = SCHEMA.slice(0, 4);
    await s.write([{ db: 'public', table: 'e', schema: base, rows: [['a', 'x', 1000, 1], ['a', 'x', 2000, 2]] }]);
    await s.alterTable('public', 'e', { kind: 'add_column', column: { name: 'k', type: 'float64', semantic: 'field', nullable: true, default: 7 } });
    await s.write([{ db: 'public', table: 'e', schema: [...base, { name: 'k', type: 'float64', semantic: 'field' }], rows: [['a', 'x', 3000, 3, null], ['a', 'x', 4000, 4, 9]] }]);
    const got = await viaReadSeries(s, { table: 'e', field: 'k' });
    expect(got.get('["a","x"]')).toEqual([[1000, bitsOf(7)], [2000, bitsOf(7)], [4000, bitsOf(9)]]);
    await s.close();
  });

  for (const [type, div, mult] of [['timestamp_s', 1n, 1000], ['timestamp_us', 1000n, 1], ['timestamp_ns', 1_000_000n, 1]] as const) {
    it(`${type}: times come back in milliseconds (floored), as a scan converts them`, async () => {
      const s = await open();
      const schema: ColumnSchema[] = [SCHEMA[0]!, SCHEMA[1]!, { name: 'ts', type, semantic: 'timestamp' }, SCHEMA[3]!];
      const unit = type === 'timestamp_s' ? 1 : Number(div) * 1000;
      const rows: Value[][] = [];
      for (let k = 0; k < 500; k++) rows.push([`h${k % 3}`, 'd', BigInt(1_700_000_000 + k * 7) * BigInt(unit) + BigInt(k % 5), k]);
      rows.push(['h9', 'd', -1n, 1]); // before 1970: floored, not truncated
      await s.write([{ db: 'public', table: 'u', schema, rows }]);
      expect(sorted(await viaReadSeries(s, { table: 'u', field: 'v' }))).toEqual(sorted(await viaScan(s, 'u', 'v', undefined, undefined, div, mult)));
      await s.close();
    });
  }

  it('declines append-mode tables and predicates on fields; rejects a non-numeric or unknown field', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 'ap', schema: SCHEMA, rows: [['a', 'x', 1000, 1, 1]], options: { append_mode: true } }]);
    await s.write([{ db: 'public', table: 'p', schema: [...SCHEMA, { name: 'msg', type: 'string', semantic: 'field' }], rows: [['a', 'x', 1000, 1, 1, 'm']] }]);
    expect(s.readSeries({ db: 'public', table: 'ap', field: 'v', tags: ['host'] })).toBeUndefined();
    expect(s.readSeries({ db: 'public', table: 'p', field: 'v', tags: ['host'], predicates: [{ column: 'n', op: '>', value: 0 }] })).toBeUndefined();
    expect(() => s.readSeries({ db: 'public', table: 'p', field: 'msg', tags: ['host'] })).toThrow(/not a numeric field/);
    expect(() => s.readSeries({ db: 'public', table: 'p', field: 'nope', tags: ['host'] })).toThrow(/nope/);
    expect(() => s.readSeries({ db: 'public', table: 'p', field: 'v', tags: ['v'] })).toThrow(/not a tag column/);
    await s.close();
  });
});

describe('SeriesChunkView.floatRowsInto', () => {
  const chunk = (vals: (number | null)[], offs: number[]) => {
    const w = new ByteWriter();
    encodeSeriesChunk(w, ['int64', 'float64'], offs, offs.length, [offs.map((o) => o), vals]);
    return new SeriesChunkView(w.take());
  };

  it('decodes the rows of a time window straight into typed arrays at an offset', () => {
    const view = chunk([1.5, 2.5, 3.5, 4.5, 5.5], [0, 10, 300, 301, 100_000]);
    const times = new Float64Array(8).fill(-1);
    const values = new Float64Array(8).fill(-1);
    expect(view.floatRowsInto(1, 10, 301, 1000, 1, times, values, 2)).toBe(2);
    expect([...times.subarray(2, 4)]).toEqual([1010, 1300]);
    expect([...values.subarray(0, 5)]).toEqual([-1, -1, 2.5, 3.5, -1]);
    expect(view.floatRowsInto(1, -Infinity, Infinity, 0, 1000, times, values, 0)).toBe(5);
    expect([...times.subarray(0, 5)]).toEqual([0, 10_000, 300_000, 301_000, 100_000_000]);
    expect([...values.subarray(0, 5)]).toEqual([1.5, 2.5, 3.5, 4.5, 5.5]);
    expect(view.floatRowsInto(1, 400, 500, 0, 1, times, values, 0)).toBe(0);
  });

  it('answers -1 for a column with a null row or a slot the chunk does not have', () => {
    const view = chunk([1, null, 3], [0, 1, 2]);
    const a = new Float64Array(3);
    expect(view.floatRowsInto(1, -Infinity, Infinity, 0, 1, a, new Float64Array(3), 0)).toBe(-1);
    expect(view.floatRowsInto(5, -Infinity, Infinity, 0, 1, a, new Float64Array(3), 0)).toBe(-1);
  });
});
