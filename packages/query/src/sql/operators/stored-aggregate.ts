import type { AggregateRequest, Store } from '@sluice/storage';
import type { Field, Relation } from '../expr/relation.js';
import type { SqlValue } from '../types/sql-value.js';

/**
 * A GROUP BY / aggregate computed by the store (Store.aggregate: from chunk metadata or over typed
 * columns): its rows as one batch of key and aggregate columns, or — when the store declines — the
 * planned scan + aggregate `fallback`.
 */
export function storedAggregate(store: Store, req: AggregateRequest, fallback: Relation): Relation {
  return {
    fields: fallback.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const got = store.aggregate ? await store.aggregate(req) : undefined;
        if (got === undefined) {
          yield* fallback.batches;
          return;
        }
        const width = fallback.fields.length;
        const columns: SqlValue[][] = Array.from({ length: width }, (_, j) => got.map((r) => r[j] as SqlValue));
        yield { length: got.length, columns };
      },
    },
  };
}
