import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openLmdbStore } from './index.js';
import { collect } from './test-support.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-widen-'));
  dirs.push(dir);
  return { dir, open: () => openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 }) };
};

const schema = (n: 'int64' | 'float64'): ColumnSchema[] => [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'n', type: n, semantic: 'field' },
  { name: 'note', type: 'string', semantic: 'field' },
];
const typeOf = (s: Awaited<ReturnType<typeof openLmdbStore>>, table: string, col: string) => s.getTable('public', table)!.columns.find((c) => c.name === col)!.type;

describe.each([
  ['append_mode', { append_mode: true }],
  ['last_non_null', { merge_mode: 'last_non_null' as const }],
  ['last_row', {}],
])('widening an Int64 column to Float64 (%s)', (mode, options) => {
  it('widenColumns: the write that carries Float64 widens the column and rewrites the old values, atomically', async () => {
    const { open } = fresh();
    const s = await open();
    await s.write([{ db: 'public', table: 't', schema: schema('int64'), rows: [[1, 'a', 7, 'x'], [2, 'b', 2n ** 60n, null], [3, 'a', null, 'y']], options }]);
    // Without the flag a Float64 value for an Int64 column is a conflict, as before.
    await expect(s.write([{ db: 'public', table: 't', schema: schema('float64'), rows: [[4, 'a', 1.5, null]] }])).rejects.toThrow(/column 'n'.*Int64.*Float64/);
    await s.write([{ db: 'public', table: 't', schema: schema('float64'), rows: [[4, 'a', 1.5, null]], widenColumns: true }]);
    expect(typeOf(s, 't', 'n')).toBe('float64');
    expect((await collect(s, { db: 'public', table: 't' })).map((r) => [r.n, r.note])).toEqual([[7, 'x'], [2 ** 60, null], [null, 'y'], [1.5, null]]);
    // Chunk statistics were rewritten too: min/max come back as doubles (row tables decline the pushdown).
    if (mode === 'append_mode') expect(await s.aggregate!({ db: 'public', table: 't', aggregates: [{ fn: 'min', column: 'n' }, { fn: 'max', column: 'n' }, { fn: 'count', column: 'n' }] })).toEqual([[1.5, 2 ** 60, 3]]);
    // Integers still go in (they widen into Float64 as they always did).
    await s.write([{ db: 'public', table: 't', schema: schema('int64'), rows: [[5, 'b', 3, null]] }]);
    expect((await collect(s, { db: 'public', table: 't', columns: ['n'] })).map((r) => r.n)).toEqual([7, 2 ** 60, null, 1.5, 3]);
    await s.close();
  });

  it('a batch that widens and then fails leaves the type and the stored values as they were', async () => {
    const { open } = fresh();
    const s = await open();
    await s.write([{ db: 'public', table: 't', schema: schema('int64'), rows: [[1, 'a', 7, 'x']], options }]);
    const p = s.write([
      { db: 'public', table: 't', schema: schema('float64'), rows: [[2, 'a', 0.5, null]], widenColumns: true },
      { db: 'public', table: 't', schema: [schema('int64')[0]!, { name: 'note', type: 'int64', semantic: 'field' }], rows: [[3, 1]] },
    ]);
    await expect(p).rejects.toMatchObject({ name: 'SchemaConflictError', column: 'note' });
    expect(typeOf(s, 't', 'n')).toBe('int64');
    expect(await collect(s, { db: 'public', table: 't' })).toEqual([{ ts: 1n, host: 'a', n: 7, note: 'x' }]);
    await s.close();
  });

  it("alterTable widen_column rewrites the values, survives a restart, and refuses tags, strings and the time index", async () => {
    const { open } = fresh();
    let s = await open();
    await s.write([{ db: 'public', table: 't', schema: schema('int64'), rows: [[1, 'a', -3, 'x'], [2, 'b', 4, 'y']], options }]);
    const info = await s.alterTable('public', 't', { kind: 'widen_column', name: 'n', type: 'float64' });
    expect(info.columns.find((c) => c.name === 'n')!.type).toBe('float64');
    await s.close();
    s = await open();
    expect(typeOf(s, 't', 'n')).toBe('float64');
    expect((await collect(s, { db: 'public', table: 't', columns: ['n'] })).map((r) => r.n)).toEqual([-3, 4]);
    await s.write([{ db: 'public', table: 't', schema: schema('float64'), rows: [[3, 'a', 0.25, null]] }]);
    expect((await collect(s, { db: 'public', table: 't', columns: ['n'] })).map((r) => r.n)).toEqual([-3, 4, 0.25]);
    await expect(s.alterTable('public', 't', { kind: 'widen_column', name: 'host', type: 'float64' })).rejects.toThrow(/'host' is a tag/);
    await expect(s.alterTable('public', 't', { kind: 'widen_column', name: 'ts', type: 'float64' })).rejects.toThrow(/'ts' is the time index/);
    await expect(s.alterTable('public', 't', { kind: 'widen_column', name: 'note', type: 'float64' })).rejects.toThrow(/'note' cannot change type from String to Float64/);
    await expect(s.alterTable('public', 't', { kind: 'widen_column', name: 'nope', type: 'float64' })).rejects.toMatchObject({ name: 'ColumnNotFoundError' });
    await s.close();
  });

  it('widens one logical table of a shared physical table without touching the others', async () => {
    const { open } = fresh();
    const s = await open();
    const opts = { ...options, physical_table: 'phys' };
    await s.write([
      { db: 'public', table: 'a', schema: schema('int64'), rows: [[1, 'h', 10, 'x']], options: opts },
      { db: 'public', table: 'b', schema: schema('int64'), rows: [[1, 'h', 2n ** 62n, 'y']], options: opts },
    ]);
    await s.write([{ db: 'public', table: 'a', schema: schema('float64'), rows: [[2, 'h', 0.5, null]], widenColumns: true }]);
    expect(typeOf(s, 'a', 'n')).toBe('float64');
    expect(typeOf(s, 'b', 'n')).toBe('int64');
    expect((await collect(s, { db: 'public', table: 'a', columns: ['n'] })).map((r) => r.n)).toEqual([10, 0.5]);
    expect((await collect(s, { db: 'public', table: 'b', columns: ['n'] })).map((r) => r.n)).toEqual([2n ** 62n]);
    await s.close();
  });
});

describe('staleness markers', () => {
  it.each([[{ append_mode: true }], [{}]])('a NaN keeps its exact bits through write, storage and scan (%o)', async (options) => {
    const { open } = fresh();
    const s = await open();
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, 0x7ff0000000000002n);
    const stale = view.getFloat64(0);
    const bits = (x: unknown) => (view.setFloat64(0, x as number), view.getBigUint64(0));
    const sch: ColumnSchema[] = [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'v', type: 'float64', semantic: 'field' }];
    await s.write([{ db: 'public', table: 'm', schema: sch, rows: [[1n, 1.5], [2n, stale], [3n, NaN]], options }]); // bigint times: a row of two doubles would itself be a packed double array
    const vs = (await collect(s, { db: 'public', table: 'm' })).map((r) => bits(r.v));
    expect(vs).toEqual([bits(1.5), 0x7ff0000000000002n, bits(NaN)]);
    await s.close();
  });
});
