import { describe, expect, it } from 'vitest';
import { Timestamp, type Value } from '@sluice/pipeline-core';
import type { ResultColumn } from '@sluice/query';
import { jsonRow, stringifyCells } from './json-cells.js';
import { rowsJson } from './json-rows.js';

const columns: ResultColumn[] = [
  { name: 'ts', type: 'timestamp_ms', dataType: 'TimestampMillisecond' },
  { name: 'f', type: 'float64', dataType: 'Float64' },
  { name: 'i', type: 'int64', dataType: 'Int64' },
  { name: 's', type: 'string', dataType: 'String' },
  { name: 'b', type: 'boolean', dataType: 'Boolean' },
  { name: 'bin', type: 'binary', dataType: 'Binary' },
  { name: 'j', type: 'json', dataType: 'Json' },
  { name: 'n', type: 'null', dataType: 'Null' },
];

const rows: Value[][] = [
  [1700000000000n, 1, 2, 'a', true, new Uint8Array([1, 2, 255]), { a: [1, 'x', null] } as Value, null],
  [new Timestamp(1700000000123456789n, 'ns') as unknown as Value, -0, -0, 'quote " back \\ nl \n tab \t ☃ \u0001', false, new Uint8Array(), [1, 2] as Value, null],
  [2n ** 63n - 1n, NaN, 2n ** 60n, '', null, null, 'text' as Value, null],
  [null, Infinity, 9007199254740993n, '𝄞', true, null, null, null],
  [-1n, 1e21, 1.5, 'x', false, null, { nested: { deep: 1n } } as Value, null],
  [0n, 5e-324, -Infinity, 'y', true, null, 3 as Value, null],
  [1n, 123456789.125, Number.MAX_SAFE_INTEGER, 'z', false, null, true as Value, null],
];

describe('rowsJson', () => {
  it('writes the same text as jsonRow + stringifyCells for every cell kind', () => {
    const fast = stringifyCells({ rows: rowsJson(rows, columns) });
    const slow = stringifyCells({ rows: rows.map((r) => jsonRow(r, columns)) });
    expect(fast).toBe(slow);
    expect(JSON.parse(fast).rows).toHaveLength(rows.length);
  });

  it('writes an empty result and short rows (missing cells are null)', () => {
    expect(stringifyCells(rowsJson([], columns))).toBe('[]');
    expect(stringifyCells(rowsJson([[1.5]], columns.slice(1, 3)))).toBe('[[1.5,null]]');
    expect(stringifyCells(rowsJson([[2]], columns.slice(1, 2)))).toBe('[[2.0]]');
  });
});
