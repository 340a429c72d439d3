import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openEnv } from '../env.js';
import { openLmdbStore } from '../index.js';
import { collect } from '../test-support.js';
import type { StoreContext } from '../context.js';
import { FOLD_ROWS } from './head-folder.js';
import { headView } from './series-head.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sluice-head-'));
  dirs.push(d);
  return d;
};
const open = (dataHome: string) => openLmdbStore({ dataHome, ttlSweepIntervalMs: 0 });
const SCHEMA: ColumnSchema[] = [
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'v', type: 'float64', semantic: 'field' },
];
/** 100 series x `per` samples from time `k0` on (1 s apart). */
const batch = (k0: number, per: number): Value[][] => {
  const rows: Value[][] = [];
  for (let j = 0; j < 100; j++) for (let k = k0; k < k0 + per; k++) rows.push([`h${j}`, 1_000 + k * 1000, j * 1000 + k]);
  return rows;
};

describe('series head', () => {
  it('a head past the fold threshold is folded in the background; reads are the same before and after', async () => {
    const dir = tempDir();
    const s = await open(dir);
    const per = 10;
    const writes = Math.ceil(FOLD_ROWS / (100 * per)) + 2;
    for (let w = 0; w < writes; w++) await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(w * per, per) }]);
    const all = await collect(s, { db: 'public', table: 'm', predicates: [{ column: 'host', op: '=', value: 'h3' }] });
    expect(all.map((r) => r.v)).toEqual(Array.from({ length: writes * per }, (_, k) => 3000 + k));
    await s.close();
    const env = openEnv({ dataHome: dir });
    // Folded once the head crossed the threshold: fewer records than writes, the rest in series_chunks,
    // each series' head chunks (written forward, within one span) concatenated into one chunk.
    expect(env.seriesHead.getKeysCount()).toBeLessThan(writes);
    expect(env.seriesChunks.getKeysCount()).toBe(100);
    await env.root.close();
  });

  it('a scan reads one snapshot: a fold committed while it runs neither hides nor repeats rows', async () => {
    const s = await open(tempDir());
    for (let w = 0; w < 3; w++) await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(w * 10, 10) }]);
    const it = s.scan({ db: 'public', table: 'm', batchSize: 50 })[Symbol.asyncIterator]();
    let n = (await it.next()).value!.length;
    expect(await s.compact()).toBeGreaterThan(0);
    // A write after the fold is not part of the running scan's snapshot either.
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(30, 10) }]);
    for (let r = await it.next(); !r.done; r = await it.next()) n += r.value.length;
    expect(n).toBe(3000);
    expect((await collect(s, { db: 'public', table: 'm' })).length).toBe(4000);
    await s.close();
  });

  it('reads after more writes see them, and a scan still running keeps its own snapshot (the head view grows from the last one)', async () => {
    const s = await open(tempDir());
    const h3 = async () => (await collect(s, { db: 'public', table: 'm', predicates: [{ column: 'host', op: '=', value: 'h3' }] })).map((r) => r.v);
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(0, 10) }]);
    expect(await h3()).toEqual(Array.from({ length: 10 }, (_, k) => 3000 + k));
    const it = s.scan({ db: 'public', table: 'm', batchSize: 50 })[Symbol.asyncIterator]();
    let n = (await it.next()).value!.length;
    // A rewrite of h3's first time (the later write wins), a new series and later times of every series.
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: [['h3', 1_000, -1], ['new', 1_000, 7]] }]);
    expect(await h3()).toEqual([-1, ...Array.from({ length: 9 }, (_, k) => 3001 + k)]);
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(10, 5) }]);
    expect(await h3()).toEqual([-1, ...Array.from({ length: 14 }, (_, k) => 3001 + k)]);
    expect((await collect(s, { db: 'public', table: 'm' })).length).toBe(1501);
    for (let r = await it.next(); !r.done; r = await it.next()) n += r.value.length;
    expect(n).toBe(1000);
    expect(await h3()).toEqual([-1, ...Array.from({ length: 14 }, (_, k) => 3001 + k)]);
    await s.close();
  });

  it('a head view grown from the last one shares the lists of untouched series and leaves the old view as it was', async () => {
    const s = await open(tempDir());
    const ctx = (s as unknown as { ctx: StoreContext }).ctx;
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(0, 10) }]);
    const storageId = ctx.catalog.table('public', 'm')!.storageId;
    const view = () => {
      const txn = ctx.env.root.useReadTransaction();
      try {
        return headView(ctx, storageId, txn);
      } finally {
        txn.done();
      }
    };
    const seqsOf = (v: ReturnType<typeof headView>) => new Map([...v.bySeries].map(([sid, list]) => [sid, list.map((c) => c.seq)]));
    const v1 = view();
    const before = seqsOf(v1);
    expect(before.size).toBe(100);
    // A rewrite of one series' first time and a new series: only those two lists change.
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: [['h3', 1_000, -1], ['new', 1_000, 7]] }]);
    const v2 = view();
    expect(v2).not.toBe(v1);
    expect(seqsOf(v1)).toEqual(before);
    expect(v2.bySeries.size).toBe(101);
    const shared = [...v1.bySeries].filter(([sid, list]) => v2.bySeries.get(sid) === list).length;
    expect(shared).toBe(99);
    const grown = [...v2.bySeries].filter(([sid, list]) => list.length !== (before.get(sid)?.length ?? 0));
    expect(grown.map(([, list]) => list.length).sort()).toEqual([1, 2]);
    await s.close();
  });

  it('deletes, widening and the TTL sweep see rows still in the head', async () => {
    const s = await open(tempDir());
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: batch(0, 10) }]);
    expect(await s.deleteRows({ db: 'public', table: 'm', predicates: [{ column: 'host', op: '=', value: 'h5' }] })).toBe(10);
    expect((await collect(s, { db: 'public', table: 'm' })).length).toBe(990);
    // A later write to the head wins over the folded rows of the same times.
    await s.write([{ db: 'public', table: 'm', schema: SCHEMA, rows: [['h1', 1_000, -1]] }]);
    const h1 = await collect(s, { db: 'public', table: 'm', predicates: [{ column: 'host', op: '=', value: 'h1' }] });
    expect(h1[0]!.v).toBe(-1);
    await s.compact();
    const again = await collect(s, { db: 'public', table: 'm', predicates: [{ column: 'host', op: '=', value: 'h1' }] });
    expect(again.map((r) => r.v)).toEqual(h1.map((r) => r.v));
    await s.truncate('public', 'm');
    expect((await collect(s, { db: 'public', table: 'm' })).length).toBe(0);
    await s.close();
  });
});
