import type { ScanRequest, Store } from '@sluice/storage';
import type { Batch, Field, Relation } from '../expr/relation.js';

/** The leaf operator: a store scan (projection, time range, predicates, limit and order pushed down). */
export function scan(store: Store, req: ScanRequest, fields: readonly Field[]): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        for await (const b of store.scan(req)) {
          const out: Batch = { length: b.length, columns: b.columns.map((c) => c.values) };
          yield out;
        }
      },
    },
  };
}
