import type { ScanRequest, Store } from '@sluice/storage';
import type { ExecContext } from '../../exec/exec-context.js';
import type { Batch, Field, Relation } from '../expr/relation.js';
import { decimalParts, parseDecimalText } from '../types/decimal.js';
import type { SqlValue } from '../types/sql-value.js';

/**
 * The leaf operator: a store scan (projection, time range, predicates, limit and order pushed down).
 * With `exec`, every batch is a checkpoint: the query yields to other requests and stops when cancelled.
 */
export function scan(store: Store, req: ScanRequest, fields: readonly Field[], exec?: ExecContext): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        // DECIMAL columns are stored as exact text: read back as Decimal values.
        const convert = fields.map((f) => {
          const d = decimalParts(f.type);
          return d ? (vs: readonly SqlValue[]) => vs.map((v) => (typeof v === 'string' ? (parseDecimalText(v, d.scale) ?? null) : v)) : undefined;
        });
        const anyConvert = convert.some((c) => c !== undefined);
        for await (const b of store.scan(req)) {
          await exec?.checkpoint();
          const out: Batch = { length: b.length, columns: anyConvert ? b.columns.map((c, i) => convert[i]?.(c.values) ?? c.values) : b.columns.map((c) => c.values) };
          yield out;
        }
      },
    },
  };
}
