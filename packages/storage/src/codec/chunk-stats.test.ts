import { describe, expect, it } from 'vitest';
import { decodeChunkMeta, encodeChunkMeta, metaTableRows, tableRowsOf } from './chunk-stats.js';

describe('metaTableRows', () => {
  it('reads the table id and row count where decodeChunkMeta does, for small and large varints', () => {
    for (const [tableId, count] of [[1, 1], [7, 8192], [300, 1], [2 ** 20, 123_456], [2 ** 21 - 1, 2 ** 32 - 1]] as const) {
      const buf = encodeChunkMeta(['float64'], -5n, tableId, count, [{ nulls: 0, min: 1, max: 2 }]);
      const meta = decodeChunkMeta(['float64'], buf);
      expect([meta.tableId, meta.count]).toEqual([tableId, count]);
      const v = metaTableRows(buf);
      expect(tableRowsOf(v, tableId)).toBe(count);
      expect(tableRowsOf(v, tableId + 1)).toBe(-1);
      expect(tableRowsOf(v, tableId - 1)).toBe(-1);
    }
  });

  it('says NaN where one double cannot hold both exactly (the caller then scans)', () => {
    expect(tableRowsOf(metaTableRows(encodeChunkMeta([], 0n, 2 ** 21, 5, [])), 2 ** 21)).toBeNaN();
    expect(tableRowsOf(metaTableRows(encodeChunkMeta([], 0n, 3, 2 ** 32, [])), 3)).toBeNaN();
  });
});
