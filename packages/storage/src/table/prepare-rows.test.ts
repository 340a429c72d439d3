import { Timestamp, type ColumnSchema, type Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import { compileTable } from '../catalog/table-state.js';
import { recordForWrite } from './evolve-schema.js';
import { prepareRows } from './prepare-rows.js';

// prepareRows fills column by column; a bad value sends it back to a row-major check, so the error
// reported is always that of the first bad value in row order.

const SCHEMA: ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ns', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'msg', type: 'string', semantic: 'field' },
  { name: 'n', type: 'uint16', semantic: 'field' },
  { name: 'doc', type: 'json', semantic: 'field' },
];
const table = compileTable(recordForWrite('public', 't', SCHEMA, {}, { id: 1, storageId: 1 }, 0));
const prepare = (rows: Value[][], schema = SCHEMA) => prepareRows(table, { db: 'public', table: 't', schema, rows });
const at = (ms: number) => Timestamp.fromMillis(ms);

describe('prepareRows', () => {
  it('stores times in the column unit, tags and fields by slot, a reused Timestamp or JSON value once normalised', () => {
    const same = at(5);
    const doc = { a: [1] };
    const p = prepare([
      [same, 'h1', 'x', 7, doc],
      [same, 'h1', null, 65535, doc],
      [1_000n, 'h2', 'y', null, 3],
    ]);
    expect(p.count).toBe(3);
    expect(p.ts).toEqual([5_000_000n, 5_000_000n, 1_000n]);
    expect(p.tags).toEqual([['h1', 'h1', 'h2']]);
    expect(p.fields).toEqual([
      ['x', null, 'y'],
      [7, 65535, null],
      [doc, doc, 3],
    ]);
  });

  it('keeps -0 after 0 and fills columns the request lacks with null', () => {
    const schema: ColumnSchema[] = [SCHEMA[0]!, { name: 'f', type: 'float64', semantic: 'field' }];
    const t = compileTable(recordForWrite('public', 'f', schema, {}, { id: 2, storageId: 2 }, 0));
    const p = prepareRows(t, { db: 'public', table: 'f', schema, rows: [[1n, 0], [2n, -0]] });
    expect(Object.is(p.fields[0]![1], -0)).toBe(true);
    expect(prepare([[1n, 'h', 'm', 1, null]], SCHEMA).fields[0]).toEqual(['m']);
    expect(prepare([[1n, 'h']], SCHEMA.slice(0, 2)).fields).toEqual([[null], [null], [null]]);
  });

  it('reports the first bad value in row order, whichever column it is in', () => {
    // Column by column, `n` (row 2) would be found before `msg` (row 1): the error names row 1.
    const rows: Value[][] = [
      [1n, 'h', 'ok', 1, null],
      [2n, 'h', 42, 1, null],
      [3n, 'h', 'ok', 70_000, null],
    ];
    expect(() => prepare(rows)).toThrow(/column 'msg'.*row 1|row 1.*msg/);
    expect(() => prepare([rows[0]!, rows[2]!])).toThrow(/'n'.*row 1|row 1.*'n'|UInt16/);
  });

  it('reports a short row, a missing time and a deep JSON value in row order', () => {
    expect(() => prepare([[1n, 'h', 'ok', 1, null], [2n, 'h']])).toThrow('row 1 has 2 values but the schema has 5 columns');
    expect(() => prepare([[1n, 'h', 5, 1, null], [2n, 'h']])).toThrow(/row 0/);
    expect(() => prepare([[1n, 'h', 'ok', 1, null], [null, 'h', 'ok', 1, null]])).toThrow("row 1 has no value for the time index 'ts'");
    let deep: Value = 1;
    for (let i = 0; i < 600; i++) deep = [deep];
    expect(() => prepare([[1n, 'h', 'ok', 1, deep]])).toThrow(/row 0, column 'doc': the JSON value nests deeper/);
  });
});
