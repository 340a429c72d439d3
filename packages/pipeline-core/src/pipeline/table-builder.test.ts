import { describe, expect, it } from 'vitest';
import { TransformError } from '../errors/index.js';
import type { ColumnSchema } from '../schema/column-type.js';
import type { Value } from '../value/value.js';
import { TableBuilder } from './table-builder.js';

const col = (name: string, type: ColumnSchema['type'], semantic: ColumnSchema['semantic'] = 'field'): ColumnSchema => ({ name, type, semantic });

describe('TableBuilder', () => {
  it('maps a second fixed layout onto the columns of the first, padding with nulls', () => {
    const t = new TableBuilder('', {});
    const one = [col('a', 'string'), col('ts', 'timestamp_ms', 'timestamp')];
    const two = [col('ts', 'timestamp_ms', 'timestamp'), col('b', 'int64')];
    t.pushFixed(one, one, ['x', 1]);
    t.pushFixed(two, two, [2, 7]);
    t.pushFixed(one, one, ['y', 3]);
    expect(t.finish()).toEqual({
      suffix: '',
      options: {},
      schema: [...one, col('b', 'int64')],
      rows: [['x', 1, null], [null, 2, 7], ['y', 3, null]],
    });
  });

  it('refuses a layout whose column types differ, before adding anything', () => {
    const t = new TableBuilder('', {});
    const one = [col('a', 'string')];
    t.pushFixed(one, one, ['x']);
    const bad = [col('z', 'int8'), col('a', 'int64')];
    expect(() => t.pushFixed(bad, bad, [1, 2])).toThrow(TransformError);
    expect(t.columns.map((c) => c.name)).toEqual(['a']);
  });

  it('keeps one time index per table', () => {
    const t = new TableBuilder('', {});
    const one = [col('ts', 'timestamp_ms', 'timestamp')];
    t.pushFixed(one, one, [1]);
    const other = [col('at', 'timestamp_ms', 'timestamp')];
    expect(() => t.pushFixed(other, other, [2])).toThrow("a table has exactly one time index, and this one already has 'ts'");
  });
});

describe('TableBuilder columns', () => {
  const one = [col('a', 'string'), col('ts', 'timestamp_ms', 'timestamp')];

  it('hands out the values column by column, and rows built from them', () => {
    const t = new TableBuilder('', {});
    t.pushFixed(one, one, ['x', 1]);
    t.pushFixed(one, one, ['y', 2]);
    const out = t.finish();
    expect(out.columns).toEqual([['x', 'y'], [1, 2]]);
    expect(out.count).toBe(2);
    expect(out.rows).toEqual([['x', 1], ['y', 2]]);
    expect(out.rows).toBe(out.rows); // built once
    expect(Object.keys(out)).toEqual(['suffix', 'options', 'schema', 'rows']);
  });

  it('fills a column added later with nulls for the rows before it, and pads short rows', () => {
    const t = new TableBuilder('', {});
    t.pushFixed(one, one, ['x', 1]);
    t.add(col('b', 'int64'), true);
    t.pushRow(['y', 2, 5]);
    // The first layout is still bound with the same positions: its row is padded.
    t.pushFixed(one, one, ['z', 3]);
    expect(t.finish().columns).toEqual([['x', 'y', 'z'], [1, 2, 3], [null, 5, null]]);
    expect(t.isBound(one, 2)).toBe(false);
  });

  it('drops the values of a row that was not completed', () => {
    const t = new TableBuilder('', {});
    t.pushFixed(one, one, ['x', 1]);
    expect(t.isBound(one, 2)).toBe(true);
    t.cols[0]!.push('half');
    t.truncate(t.count);
    t.pushFixed(one, one, ['y', 2]);
    expect(t.finish().columns).toEqual([['x', 'y'], [1, 2]]);
  });

  it('keeps a NaN payload in a column of numbers (the arrays stay boxed)', () => {
    const t = new TableBuilder('', {});
    const n = [col('v', 'float64'), col('ts', 'timestamp_ms', 'timestamp')];
    const bits = new Float64Array(new BigUint64Array([0x7ff800000000beefn]).buffer)[0]!;
    for (let i = 0; i < 3; i++) {
      const row: Value[] = [null, i]; // a boxed array (a literal of numbers would hold raw doubles)
      row[0] = i === 1 ? bits : i;
      t.pushFixed(n, n, row);
    }
    const v = t.finish().columns![0]![1] as number;
    expect(new BigUint64Array(new Float64Array([v]).buffer)[0]).toBe(0x7ff800000000beefn);
  });
});
