import type { Compiled } from '../expr/compiled.js';
import { collectBatches, single, takeRows, type Relation } from '../expr/relation.js';
import { compareValues } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';

export interface SortKey {
  readonly expr: Compiled;
  readonly descending: boolean;
  /** Default: NULLS LAST for ascending, NULLS FIRST for descending (PostgreSQL, DataFusion). */
  readonly nullsFirst?: boolean;
}

/** Sorts all input rows by the keys (stable). */
export function sort(input: Relation, keys: readonly SortKey[]): Relation {
  return {
    fields: input.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const all = await collectBatches(input);
        const cols: (readonly SqlValue[])[] = keys.map((k) => k.expr.eval(all));
        const idx = Array.from({ length: all.length }, (_, i) => i);
        const dirs = keys.map((k) => (k.descending ? -1 : 1));
        const nullsFirst = keys.map((k) => k.nullsFirst ?? k.descending);
        idx.sort((a, b) => {
          for (let k = 0; k < cols.length; k++) {
            const x = cols[k]![a]!;
            const y = cols[k]![b]!;
            if (x === null || y === null) {
              if (x === y) continue;
              return (x === null) === nullsFirst[k] ? -1 : 1;
            }
            const c = compareValues(x, y);
            if (c !== 0) return c * dirs[k]!;
          }
          return a - b;
        });
        yield* single(takeRows(all, idx));
      },
    },
  };
}
