import { describe, expect, it } from 'vitest';
import { TransformError } from '../errors/index.js';
import type { ColumnSchema } from '../schema/column-type.js';
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
