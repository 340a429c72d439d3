import { SqlInvalidArgumentError } from '../errors.js';
import { collectBatches, type Relation } from '../expr/relation.js';
import type { SqlValue } from '../types/sql-value.js';
import type { ExecContext } from '../../exec/exec-context.js';

/** Output rows a cross join may produce before it is refused (write JOIN ... ON for large inputs). */
export const CROSS_JOIN_LIMIT = 10_000_000;

/** Every left row with every right row (nested loop over the materialised right input). */
export function crossJoin(left: Relation, right: Relation, exec?: ExecContext): Relation {
  return {
    fields: [...left.fields, ...right.fields],
    batches: {
      async *[Symbol.asyncIterator]() {
        const r = await collectBatches(right, exec, 'cross join');
        let produced = 0;
        for await (const b of left.batches) {
          const n = b.length * r.length;
          if (n === 0) continue;
          produced += n;
          if (produced > CROSS_JOIN_LIMIT) {
            throw new SqlInvalidArgumentError(`cross join produces more than ${CROSS_JOIN_LIMIT.toLocaleString('en-US')} rows; join with ON a = b instead`);
          }
          const columns: SqlValue[][] = [];
          for (const col of b.columns) {
            const out = new Array<SqlValue>(n);
            for (let i = 0, k = 0; i < b.length; i++) for (let j = 0; j < r.length; j++) out[k++] = col[i]!;
            columns.push(out);
          }
          for (const col of r.columns) {
            const out = new Array<SqlValue>(n);
            for (let i = 0, k = 0; i < b.length; i++) for (let j = 0; j < r.length; j++) out[k++] = col[j]!;
            columns.push(out);
          }
          exec?.hold(16 * n * columns.length, 'cross join output');
          yield { length: n, columns };
          exec?.release(16 * n * columns.length);
          await exec?.checkpoint();
        }
      },
    },
  };
}
