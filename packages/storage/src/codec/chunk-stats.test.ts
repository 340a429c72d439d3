import { describe, expect, it } from 'vitest';
import type { ColumnType, Value } from '@sluice/pipeline-core';
import { columnStats, decodeChunkMeta, encodeChunkMeta, metaTableRows, tableRowsOf } from './chunk-stats.js';

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

/** The stats as the one loop over any kind of value computed them (the contract the typed loops keep). */
function reference(type: ColumnType, col: readonly Value[], knownNulls?: number): { nulls: number; min?: Value; max?: Value } {
  let nulls = knownNulls ?? 0;
  for (const v of col) if (v === null) nulls++;
  const ordered = type !== 'json' && type !== 'binary';
  const present = col.filter((v) => v !== null);
  if (!ordered || present.length === 0 || present.some((v) => typeof v === 'number' && Number.isNaN(v))) return { nulls };
  let min = present[0]!;
  let max = present[0]!;
  for (const v of present) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (type === 'string' && ((min as string).length > 256 || (max as string).length > 256)) return { nulls };
  return { nulls, min, max };
}

describe('columnStats', () => {
  const cases: [ColumnType, Value[]][] = [
    ['string', ['b', null, 'a', 'c', 'a', null]],
    ['string', [null, null]],
    ['string', ['x'.repeat(300), 'a']],
    ['string', ['é', 'e', 'z', 'É', '']],
    ['float64', [1.5, -0, 0, null, -2, 3]],
    ['float64', [0, -0]],
    ['float64', [1, Number.NaN, 2]],
    ['float64', [null, Number.NaN, 2]],
    ['float64', [Number.NEGATIVE_INFINITY, 5, Number.POSITIVE_INFINITY]],
    ['uint64', [5n, null, 2n ** 63n, 0n]],
    ['int64', [3n, 7, -1n]],
    ['uint16', [200, 304, 404, 500, 200]],
    ['timestamp_ns', [10n, 5n, null, 20n]],
    ['boolean', [true, false, null]],
    ['json', ['{"a":1}', null]],
  ];
  it('gives the null count and bounds of the loop over any kind of value, typed or mixed columns', () => {
    for (const [type, col] of cases) {
      expect(columnStats(type, col), `${type} ${String(col)}`).toEqual(reference(type, col));
      const present = col.filter((v) => v !== null);
      expect(columnStats(type, present, 3), `${type} known nulls`).toEqual(reference(type, present, 3));
    }
  });
});
