import { describe, expect, it } from 'vitest';
import { collectBatches, type Batch, type Relation } from '../expr/relation.js';
import type { SqlValue } from '../types/sql-value.js';
import { keyComparator, sort } from './sort.js';

function relation(values: SqlValue[], batchSize: number): Relation {
  return {
    fields: [{ name: 'v', type: 'int64' }, { name: 'i', type: 'int64' }],
    batches: {
      async *[Symbol.asyncIterator]() {
        for (let s = 0; s < values.length; s += batchSize) {
          const part = values.slice(s, s + batchSize);
          yield { length: part.length, columns: [part, part.map((_, j) => s + j)] } as Batch;
        }
      },
    },
  };
}

const key = (descending: boolean, nullsFirst?: boolean) => ({
  expr: { type: 'int64' as const, eval: (b: Batch) => b.columns[0]! },
  descending,
  ...(nullsFirst !== undefined ? { nullsFirst } : {}),
});

describe('sort', () => {
  // A fixed pseudo-random sequence with duplicates and nulls.
  const values: SqlValue[] = Array.from({ length: 30_000 }, (_, i) => (i % 997 === 0 ? null : (i * 7919) % 5003));

  it('keeps only the top k rows while reading, same as a full sort', async () => {
    for (const desc of [false, true]) {
      const full = await collectBatches(sort(relation(values, 1000), [key(desc)]));
      const top = await collectBatches(sort(relation(values, 1000), [key(desc)], 50));
      expect(top.length).toBe(50);
      expect(top.columns).toEqual(full.columns.map((c) => c.slice(0, 50)));
    }
  });

  it('is stable and places nulls by the NULLS option', async () => {
    const out = await collectBatches(sort(relation([2, null, 1, 2, null], 2), [key(false, true)]));
    expect(out.columns[0]).toEqual([null, null, 1, 2, 2]);
    expect(out.columns[1]).toEqual([1, 4, 2, 0, 3]);
  });
});

describe('keyComparator (ORDER BY keys and ordered aggregates share it)', () => {
  it('orders by each key in turn, nulls by the NULLS option, peers as 0', () => {
    const rows: SqlValue[][] = [[1, null], [null, 2], [1, 3], [2, 1], [null, null]];
    const asc = keyComparator<SqlValue[]>([{ descending: false }, { descending: true }], (r, k) => r[k]!);
    expect([...rows].sort(asc)).toEqual([[1, null], [1, 3], [2, 1], [null, null], [null, 2]]);
    const nullsFirst = keyComparator<SqlValue[]>([{ descending: false, nullsFirst: true }], (r, k) => r[k]!);
    expect(rows.map((r) => r[0]).sort((a, b) => nullsFirst([a!], [b!]))).toEqual([null, null, 1, 1, 2]);
    expect(asc([1, 3], [1, 3])).toBe(0);
  });
});
