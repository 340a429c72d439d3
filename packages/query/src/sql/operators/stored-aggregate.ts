import type { AggregateRequest, Store } from '@sluice/storage';
import type { Field, Relation } from '../expr/relation.js';
import type { SqlValue } from '../types/sql-value.js';

/**
 * count/min/max without GROUP BY answered by the store from its metadata (Store.aggregate): one row of
 * the aggregates, or — when the store declines — the planned scan + aggregate `fallback`.
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
        yield { length: 1, columns: got.map((v) => [v as SqlValue]) };
      },
    },
  };
}
