import type { ScanRequest, Store } from '@sluice/storage';
import type { ExecContext } from '../../exec/exec-context.js';
import type { Batch, Field, Relation } from '../expr/relation.js';

/**
 * The leaf operator: a store scan (projection, time range, predicates, limit and order pushed down).
 * With `exec`, every batch is a checkpoint: the query yields to other requests and stops when cancelled.
 */
export function scan(store: Store, req: ScanRequest, fields: readonly Field[], exec?: ExecContext): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        for await (const b of store.scan(req)) {
          await exec?.checkpoint();
          const out: Batch = { length: b.length, columns: b.columns.map((c) => c.values) };
          yield out;
        }
      },
    },
  };
}
