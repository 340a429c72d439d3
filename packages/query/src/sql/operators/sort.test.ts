import { describe, expect, it } from 'vitest';
import { collectBatches, type Batch, type Relation } from '../expr/relation.js';
import type { SqlValue } from '../types/sql-value.js';
import { sort } from './sort.js';

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
