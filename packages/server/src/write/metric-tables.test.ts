import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '@sluice/storage';
import { expect, it } from 'vitest';
import { metricTableOptions, metricWriteRequests } from './metric-tables.js';

it('groups series by metric into one write per table, a tag column per label seen, null where a series lacks it', () => {
  const writes = metricWriteRequests('public', [
    { table: 'up', labels: [['job', 'a']], values: [1, 0], timestamps: [1000, 2000] },
    { table: 'up', labels: [['instance', 'i'], ['job', 'b']], values: [1], timestamps: [1000] },
    { table: 'empty', labels: [], values: [], timestamps: [] },
  ], { physical_table: 'p' });
  expect(writes).toHaveLength(1);
  expect(writes[0]!.schema.map((c) => [c.name, c.type, c.semantic])).toEqual([
    ['service_timestamp', 'timestamp_ms', 'timestamp'],
    ['service_value', 'float64', 'field'],
    ['instance', 'string', 'tag'],
    ['job', 'string', 'tag'],
  ]);
  expect(writes[0]!.rows).toEqual([[1000, 1, null, 'a'], [2000, 0, null, 'a'], [1000, 1, 'i', 'b']]);
});

it('marks metric tables and lets the request name the physical table', () => {
  expect(metricTableOptions('otlp', undefined, { ttl: 'forever' })).toEqual({
    ttl: 'forever',
    physical_table: 'service_physical_table',
    extra: { 'service.semantic.signal_type': 'metric', 'service.semantic.source': 'otlp', comment: 'Created on insertion' },
  });
  expect(metricTableOptions('prometheus', 'mine', {}).physical_table).toBe('mine');
});

it('encodes the samples of tables that exist (the store writes them as the rows would be), the rows built only when asked', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-metric-tables-'));
  const plain = await openLmdbStore({ dataHome: join(dir, 'a'), ttlSweepIntervalMs: 0, noSync: true });
  const ahead = await openLmdbStore({ dataHome: join(dir, 'b'), ttlSweepIntervalMs: 0, noSync: true });
  try {
    const series = (k: number) => [
      { table: 'up', labels: [['job', 'a']] as [string, string][], values: Float64Array.of(1, 0, 7), timestamps: [k + 2000, k + 1000, k + 2000] },
      { table: 'up', labels: [['instance', 'i'], ['job', 'b']] as [string, string][], values: [1], timestamps: [k + 1000], names: 'instance\u0000job' },
      { table: 'up', labels: [['job', 'a']] as [string, string][], values: [5], timestamps: [k + 500] },
      { table: 'other', labels: [['x', 'y']] as [string, string][], values: [Number.NaN], timestamps: [k] },
    ];
    for (const s of [plain, ahead]) await s.write(metricWriteRequests('public', series(0), {}));
    const layouts = (t: string) => ahead.writeLayout('public', t, true);
    const writes = metricWriteRequests('public', series(10_000), {}, layouts);
    expect(writes.map((w) => w.encoded?.kind)).toEqual(['series', 'series']);
    expect(writes[0]!.encoded!.count).toBe(5);
    // The rows a store would fall back to are those of the plain path.
    expect(writes.map((w) => w.rows)).toEqual(metricWriteRequests('public', series(10_000), {}).map((w) => w.rows));
    await ahead.write(metricWriteRequests('public', series(10_000), {}, layouts));
    await plain.write(metricWriteRequests('public', series(10_000), {}));
    // A label the table lacks: not encoded (the store adds the column from the rows).
    expect(metricWriteRequests('public', [{ table: 'up', labels: [['new', 'v']], values: [1], timestamps: [1] }], {}, layouts)[0]!.encoded).toBeUndefined();
    const read = async (s: typeof plain, table: string) => {
      const out: unknown[] = [];
      for await (const b of s.scan({ db: 'public', table })) out.push(b);
      return JSON.stringify(out, (_, v) => (typeof v === 'bigint' ? String(v) : Number.isNaN(v) ? 'NaN' : v));
    };
    for (const table of ['up', 'other']) expect(await read(ahead, table)).toEqual(await read(plain, table));
  } finally {
    await plain.close();
    await ahead.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
