import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openLmdbStore } from './index.js';
import { castStored, castsTo } from './schema/cast-stored.js';
import { collect } from './test-support.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const open = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-retype-'));
  dirs.push(dir);
  return openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
};

const schema: ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'v', type: 'float64', semantic: 'field' },
];

describe('castStored (MODIFY COLUMN conversions, as SQL CAST)', () => {
  it('converts numbers, booleans and strings; what does not fit becomes null', () => {
    expect(castStored('float64', 'boolean', 0.1)).toBe(true);
    expect(castStored('float64', 'boolean', 0)).toBe(false);
    expect(castStored('float64', 'int32', 0.9)).toBe(0);
    expect(castStored('float64', 'int32', 1e12)).toBe(null);
    expect(castStored('boolean', 'int32', true)).toBe(1);
    expect(castStored('float64', 'string', 0)).toBe('0.0');
    expect(castStored('float64', 'string', 23.7)).toBe('23.7');
    expect(castStored('int32', 'string', 42)).toBe('42');
    expect(castStored('boolean', 'string', false)).toBe('false');
    expect(castStored('string', 'int32', 'greptime')).toBe(null);
    expect(castStored('string', 'int64', ' 12 ')).toBe(12);
    expect(castStored('string', 'float64', '1.5e3')).toBe(1500);
    expect(castStored('string', 'boolean', 'yes')).toBe(true);
    expect(castsTo('boolean', 'timestamp_ms')).toBe(false);
    expect(castsTo('json', 'string')).toBe(false);
  });
});

describe.each([
  ['append_mode', { append_mode: true }],
  ['last_row', {}],
])('change_column_type (%s)', (_mode, options) => {
  it('rewrites the stored values and the default in the transaction that changes the type', async () => {
    const s = await open();
    await s.createTable('public', {
      name: 't',
      timeIndex: 'ts',
      primaryKey: ['host'],
      options,
      columns: [
        { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp', nullable: false },
        { name: 'host', type: 'string', semantic: 'tag', nullable: true },
        { name: 'v', type: 'float64', semantic: 'field', nullable: true, default: 0.1 },
      ],
    });
    await s.write([{ db: 'public', table: 't', schema, rows: [[1, 'a', 0.5], [2, 'b', 0], [3, 'a', null]] }]);
    const info = await s.alterTable('public', 't', { kind: 'change_column_type', name: 'v', type: 'boolean' });
    expect(info.columns.find((c) => c.name === 'v')).toMatchObject({ type: 'boolean', default: true });
    expect((await collect(s, { db: 'public', table: 't', columns: ['v'] })).map((r) => r.v)).toEqual([true, false, null]);
    await s.alterTable('public', 't', { kind: 'change_column_type', name: 'v', type: 'string' });
    expect((await collect(s, { db: 'public', table: 't', columns: ['v'] })).map((r) => r.v)).toEqual(['true', 'false', null]);
    await s.write([{ db: 'public', table: 't', schema: [schema[0]!, schema[1]!, { name: 'v', type: 'string', semantic: 'field' }], rows: [[4, 'b', 'word']] }]);
    await s.alterTable('public', 't', { kind: 'change_column_type', name: 'v', type: 'int32' });
    expect((await collect(s, { db: 'public', table: 't', columns: ['v'] })).map((r) => r.v)).toEqual([null, null, null, null]);
    await expect(s.alterTable('public', 't', { kind: 'change_column_type', name: 'host', type: 'int32' })).rejects.toThrow(/only field columns/);
    await expect(s.alterTable('public', 't', { kind: 'change_column_type', name: 'v', type: 'timestamp_ms' })).rejects.toThrow(/cannot be cast automatically/);
    await s.close();
  });
});

describe('rename_table', () => {
  it('moves the table to the new name with its rows; the old name is free, a taken name refused', async () => {
    const s = await open();
    await s.write([{ db: 'public', table: 'a', schema, rows: [[1, 'x', 1.5]] }]);
    await s.write([{ db: 'public', table: 'b', schema, rows: [[1, 'y', 2.5]] }]);
    await expect(s.alterTable('public', 'a', { kind: 'rename_table', to: 'b' })).rejects.toMatchObject({ name: 'TableAlreadyExistsError' });
    const info = await s.alterTable('public', 'a', { kind: 'rename_table', to: 'c' });
    expect(info.name).toBe('c');
    expect(s.getTable('public', 'a')).toBeUndefined();
    expect(s.listTables('public').map((t) => t.name)).toEqual(['b', 'c']);
    expect(await collect(s, { db: 'public', table: 'c' })).toEqual([{ ts: 1n, host: 'x', v: 1.5 }]);
    // A new table under the old name starts empty.
    await s.write([{ db: 'public', table: 'a', schema, rows: [[2, 'z', 3.5]] }]);
    expect((await collect(s, { db: 'public', table: 'a' })).map((r) => r.host)).toEqual(['z']);
    await s.close();
    const again = await openLmdbStore({ dataHome: dirs[dirs.length - 1]!, ttlSweepIntervalMs: 0 });
    expect(again.listTables('public').map((t) => t.name)).toEqual(['a', 'b', 'c']);
    await again.close();
  });
});
