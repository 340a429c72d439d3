import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeRow } from '../codec/row-codec.js';
import { colValue, SeriesChunkView } from '../codec/series-chunk-codec.js';
import { openEnv } from '../env.js';
import { openLmdbStore, type LmdbStore } from '../index.js';
import { keyChunkMin } from '../keys/series-chunk-key.js';
import { rowKey } from '../keys/row-key.js';
import { collect } from '../test-support.js';

// The per-series chunk layout of tables without append_mode (series-chunk-write.ts, series-run.ts):
// every answer is checked against a model of the table (one row per series and time; merge_mode
// decides what a later write of the same time keeps), before and after compaction and a reopen.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sluice-series-'));
  dirs.push(d);
  return d;
};
const open = (dataHome: string) => openLmdbStore({ dataHome, ttlSweepIntervalMs: 0 });

const SCHEMA: ColumnSchema[] = [
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'v', type: 'float64', semantic: 'field' },
  { name: 'n', type: 'int64', semantic: 'field' },
  { name: 's', type: 'string', semantic: 'field' },
];
const HOUR = 3_600_000;

let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);

/** Model: host → time → [v, n, s]. */
type Model = Map<string, Map<number, Value[]>>;

function apply(model: Model, rows: Value[][], nonNull: boolean): void {
  for (const [host, ts, ...f] of rows) {
    let m = model.get(host as string);
    if (!m) model.set(host as string, (m = new Map()));
    const old = m.get(ts as number);
    m.set(ts as number, nonNull && old ? f.map((v, i) => (v === null ? old[i]! : v)) : f);
  }
}

function expected(model: Model, descending = false): Value[][] {
  const out: Value[][] = [];
  for (const [host, m] of model) for (const [ts, f] of m) out.push([host, ts, ...f]);
  out.sort((a, b) => (a[1] as number) - (b[1] as number) || String(a[0]).localeCompare(String(b[0])));
  if (descending) out.reverse();
  return out;
}

async function actual(s: LmdbStore, table: string, extra: { descending?: boolean; startNs?: bigint; endNs?: bigint; typed?: boolean } = {}): Promise<Value[][]> {
  const rows = await collect(s, {
    db: 'public',
    table,
    columns: ['host', 'ts', 'v', 'n', 's'],
    descending: extra.descending,
    typed: extra.typed,
    timeRange: { startNs: extra.startNs, endNs: extra.endNs },
  });
  const out = rows.map((r) => [r.host!, Number(r.ts as bigint), r.v!, r.n!, r.s!]);
  // Rows come in time order; ties (one time, several series) in series order: compare by host.
  const sorted = out.slice().sort((a, b) => (extra.descending ? -1 : 1) * ((a[1] as number) - (b[1] as number)));
  expect(out.map((r) => r[1])).toEqual(sorted.map((r) => r[1]));
  const key = (r: Value[]) => `${String(r[1]).padStart(15, '0')}|${String(r[0])}`;
  return out.sort((a, b) => (extra.descending ? -1 : 1) * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Random rows over 5 hosts and ~20 hours (several chunks and read windows), with repeats, out of order, nulls. */
function randomRows(count: number): Value[][] {
  return Array.from({ length: count }, () => [
    `h${rand(5)}`,
    1_700_000_000_000 + rand(20 * 60) * 60_000,
    rand(4) === 0 ? null : rand(1000) / 8,
    rand(4) === 0 ? null : rand(100),
    rand(3) === 0 ? null : `s${rand(50)}`,
  ]);
}

describe('series chunks', () => {
  for (const mode of ['last_row', 'last_non_null'] as const) {
    it(`${mode}: out-of-order, overlapping and repeated writes read back as the model, before and after compaction and a reopen`, async () => {
      const dir = tempDir();
      let s = await open(dir);
      const model: Model = new Map();
      for (let w = 0; w < 12; w++) {
        const rows = randomRows(w % 3 === 0 ? 400 : 40);
        await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows, options: { merge_mode: mode } }]);
        apply(model, rows, mode === 'last_non_null');
      }
      const want = expected(model);
      expect(await actual(s, 't')).toEqual(want);
      expect(await actual(s, 't', { descending: true })).toEqual(expected(model, true));
      expect(await actual(s, 't', { typed: true })).toEqual(want);
      // A time range cutting chunks and windows.
      const lo = 1_700_000_000_000 + 5 * HOUR + 123;
      const hi = 1_700_000_000_000 + 14 * HOUR;
      const inRange = want.filter((r) => (r[1] as number) >= lo && (r[1] as number) < hi);
      expect(await actual(s, 't', { startNs: BigInt(lo) * 1_000_000n, endNs: BigInt(hi) * 1_000_000n })).toEqual(inRange);
      expect(await actual(s, 't', { startNs: BigInt(lo) * 1_000_000n, endNs: BigInt(hi) * 1_000_000n, descending: true })).toEqual(inRange.slice().reverse());
      // distinctSeries: each host's first row in the range (values resolved as a scan resolves them).
      const firsts = new Map<string, Value[]>();
      for (const r of inRange) if (!firsts.has(r[0] as string)) firsts.set(r[0] as string, r);
      const distinct = await collect(s, { db: 'public', table: 't', columns: ['host', 'ts', 'v', 'n', 's'], distinctSeries: true, timeRange: { startNs: BigInt(lo) * 1_000_000n, endNs: BigInt(hi) * 1_000_000n } });
      expect(distinct.map((r) => [r.host!, Number(r.ts as bigint), r.v!, r.n!, r.s!]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([...firsts.values()].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
      const merged = await s.compact();
      expect(merged).toBeGreaterThan(0);
      expect(await actual(s, 't')).toEqual(want);
      // Compaction converges: a few passes leave nothing to merge.
      for (let pass = 0; pass < 3 && (await s.compact()) > 0; pass++);
      expect(await s.compact()).toBe(0);
      expect(await actual(s, 't')).toEqual(want);
      await s.close();
      s = await open(dir);
      expect(await actual(s, 't')).toEqual(want);
      // Later writes over compacted data still win.
      const more = randomRows(100);
      await s.write([{ db: 'public', table: 't', schema: SCHEMA, rows: more }]);
      apply(model, more, mode === 'last_non_null');
      expect(await actual(s, 't')).toEqual(expected(model));
      await s.close();
    });
  }

  it('bySeries returns each series together and in time order, the same rows as the scan order', async () => {
    const s = await open(tempDir());
    const model: Model = new Map();
    for (let w = 0; w < 4; w++) {
      const rows = randomRows(300);
      await s.write([{ db: 'public', table: 'b', schema: SCHEMA, rows }]);
      apply(model, rows, false);
    }
    for (const typed of [false, true]) {
      const got = (await collect(s, { db: 'public', table: 'b', columns: ['host', 'ts', 'v', 'n', 's'], bySeries: true, typed })).map((r) => [r.host!, Number(r.ts as bigint), r.v!, r.n!, r.s!]);
      const hosts: string[] = [];
      for (let i = 0; i < got.length; i++) {
        if (i === 0 || got[i]![0] !== got[i - 1]![0]) hosts.push(got[i]![0] as string);
        else expect(got[i]![1] as number).toBeGreaterThan(got[i - 1]![1] as number);
      }
      expect(new Set(hosts).size).toBe(hosts.length);
      const key = (r: Value[]) => `${String(r[1]).padStart(15, '0')}|${String(r[0])}`;
      expect(got.sort((a, b) => (key(a) < key(b) ? -1 : 1))).toEqual(expected(model));
    }
    await s.close();
  });

  it('last_non_null keeps the newest non-null of each field across writes', async () => {
    const s = await open(tempDir());
    const w = (rows: Value[][]) => s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows, options: { merge_mode: 'last_non_null' } }]);
    await w([['a', 1000, 1.5, 1, 'x']]);
    await w([['a', 1000, null, 2, null]]);
    await w([['a', 1000, null, null, 'y'], ['a', 1000, 3.5, null, null]]);
    expect(await actual(s, 'm')).toEqual([['a', 1000, 3.5, 2, 'y']]);
    await s.compact();
    expect(await actual(s, 'm')).toEqual([['a', 1000, 3.5, 2, 'y']]);
    await s.close();
  });

  it('deletes every stored version of the matching times, keeping the others', async () => {
    const s = await open(tempDir());
    const model: Model = new Map();
    for (let w = 0; w < 6; w++) {
      const rows = randomRows(200);
      await s.write([{ db: 'public', table: 'd', schema: SCHEMA, rows }]);
      apply(model, rows, false);
    }
    // Delete by a field predicate on the resolved values: an older version with another value must not come back.
    const n = await s.deleteRows({ db: 'public', table: 'd', predicates: [{ column: 'n', op: '<', value: 50 }] });
    let removed = 0;
    for (const m of model.values())
      for (const [ts, f] of m)
        if (f[1] !== null && (f[1] as number) < 50) {
          m.delete(ts);
          removed++;
        }
    expect(n).toBe(removed);
    expect(await actual(s, 'd')).toEqual(expected(model));
    await s.compact();
    expect(await actual(s, 'd')).toEqual(expected(model));
    await s.close();
  });

  it('keeps NaN payloads (Prometheus staleness markers) through writes, overlaps and compaction', async () => {
    const s = await open(tempDir());
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, 0x7ff0000000000002n);
    const stale = view.getFloat64(0);
    const schema: ColumnSchema[] = [SCHEMA[0]!, SCHEMA[1]!, SCHEMA[2]!];
    await s.write([{ db: 'public', table: 'nan', schema, rows: [['a', 2000, 1], ['a', 1000, 2]] }]);
    await s.write([{ db: 'public', table: 'nan', schema, rows: [['a', 1000, stale], ['a', 3000, stale]] }]);
    const bits = async (typed: boolean) => {
      const out: string[] = [];
      for await (const b of s.scan({ db: 'public', table: 'nan', columns: ['v'], typed })) {
        const c = b.columns[0]!;
        for (let i = 0; i < b.length; i++) {
          const v = c.typed?.kind === 'f64' ? c.typed.f64[i]! : (c.values[i] as number);
          view.setFloat64(0, v);
          out.push(view.getBigUint64(0).toString(16));
        }
      }
      return out;
    };
    const want = ['7ff0000000000002', '3ff0000000000000', '7ff0000000000002'];
    expect(await bits(false)).toEqual(want);
    expect(await bits(true)).toEqual(want);
    await s.compact();
    expect(await bits(false)).toEqual(want);
    await s.close();
  });

  it('a column added later reads as its default in older rows, also after compaction merges old and new chunks', async () => {
    const s = await open(tempDir());
    const base: ColumnSchema[] = [SCHEMA[0]!, SCHEMA[1]!, SCHEMA[2]!];
    await s.write([{ db: 'public', table: 'e', schema: base, rows: [['a', 1000, 1], ['a', 2000, 2]] }]);
    await s.alterTable('public', 'e', { kind: 'add_column', column: { name: 'k', type: 'int32', semantic: 'field', nullable: true, default: 7 } });
    await s.write([{ db: 'public', table: 'e', schema: [...base, { name: 'k', type: 'int32', semantic: 'field' }], rows: [['a', 3000, 3, null], ['a', 4000, 4, 9]] }]);
    const read = async () => (await collect(s, { db: 'public', table: 'e', columns: ['ts', 'k'] })).map((r) => r.k);
    expect(await read()).toEqual([7, 7, null, 9]);
    await s.compact();
    expect(await read()).toEqual([7, 7, null, 9]);
    await s.close();
  });

  it('nanosecond times far apart (beyond 2^53 ns between series) keep their order and values', async () => {
    const s = await open(tempDir());
    const schema: ColumnSchema[] = [SCHEMA[0]!, { name: 'ts', type: 'timestamp_ns', semantic: 'timestamp' }, SCHEMA[2]!];
    const t0 = 1_700_000_000_000_000_000n;
    const rows = [['a', t0 + 1n, 1], ['b', 1n, 2], ['a', t0 + 3n, 3], ['b', t0 + 2n, 4], ['c', -5n, 5]];
    await s.write([{ db: 'public', table: 'ns', schema, rows }]);
    for (const typed of [false, true]) {
      const got = await collect(s, { db: 'public', table: 'ns', columns: ['host', 'ts', 'v'], typed });
      expect(got.map((r) => [r.host, r.ts, r.v])).toEqual([['c', -5n, 5], ['b', 1n, 2], ['a', t0 + 1n, 1], ['b', t0 + 2n, 4], ['a', t0 + 3n, 3]]);
    }
    await s.close();
  });

  it('a remote-write-like batch costs one head record, folded later into one chunk per series', async () => {
    const dir = tempDir();
    let s = await open(dir);
    const batch = (k0: number): Value[][] => {
      const rows: Value[][] = [];
      for (let j = 0; j < 200; j++) for (let k = k0; k < k0 + 10; k++) rows.push([`h${j}`, 1000 + k * 1000, k, k, null]);
      return rows;
    };
    // Three writes of 200 series x 10 samples: three head records (one put each), no series chunk yet.
    for (const k0 of [0, 10, 20]) await s.write([{ db: 'public', table: 'rw', schema: SCHEMA, rows: batch(k0) }]);
    await s.close();
    let env = openEnv({ dataHome: dir });
    expect(env.seriesHead.getKeysCount()).toBe(3);
    expect(env.seriesChunks.getKeysCount()).toBe(0);
    expect(env.rows.getKeysCount()).toBe(0);
    await env.root.close();
    // Reads merge the head (after a reopen too); the fold stores one chunk per series, reads unchanged.
    s = await open(dir);
    const read = async () => (await collect(s, { db: 'public', table: 'rw', columns: ['host', 'ts', 'v'], predicates: [{ column: 'host', op: '=', value: 'h7' }] })).map((r) => Number(r.ts as bigint));
    const want = Array.from({ length: 30 }, (_, k) => 1000 + k * 1000);
    expect(await read()).toEqual(want);
    expect(await s.compact()).toBe(400);
    expect(await read()).toEqual(want);
    await s.close();
    env = openEnv({ dataHome: dir });
    expect(env.seriesHead.getKeysCount()).toBe(0);
    expect(env.seriesChunks.getKeysCount()).toBe(200);
    await env.root.close();
  });

  it('migrates a data home written with one entry per row (the legacy rows database) on open', async () => {
    const dir = tempDir();
    let s = await open(dir);
    const model: Model = new Map();
    for (const mode of ['last_row'] as const) {
      const rows = randomRows(300);
      await s.write([{ db: 'public', table: 'old', schema: SCHEMA, rows, options: { merge_mode: mode } }]);
      apply(model, rows, false);
    }
    await s.compact();
    const want = expected(model);
    const storageId = s.getTable('public', 'old')!.id;
    await s.close();
    // Rewrite the table's chunks as legacy rows: key storageId | time | series, value = field slots.
    const env = openEnv({ dataHome: dir });
    const types = ['float64', 'int64', 'string'] as const;
    const w = new ByteWriter();
    await env.root.transaction(() => {
      for (const { key, value } of env.seriesChunks.getRange({})) {
        const k = key as Buffer;
        const view = new SeriesChunkView(value as Buffer);
        const offs = view.offs();
        const cols = types.map((t, slot) => view.col(slot, t));
        for (let i = 0; i < view.count; i++) {
          w.reset();
          encodeRow(w, [...types], cols.map((c) => colValue(c, i) ?? null));
          env.rows.putSync(rowKey(storageId, keyChunkMin(k) + BigInt(offs[i]!), k.readUInt32BE(4)), w.take());
        }
        env.seriesChunks.removeSync(k);
      }
    });
    expect(env.rows.getKeysCount()).toBe(want.length);
    await env.root.close();
    s = await open(dir);
    expect(await actual(s, 'old')).toEqual(want);
    await s.close();
    const env2 = openEnv({ dataHome: dir });
    expect(env2.rows.getKeysCount()).toBe(0);
    await env2.root.close();
  });
});
