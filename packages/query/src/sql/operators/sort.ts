import type { ExecContext } from '../../exec/exec-context.js';
import { batchBytes } from '../../exec/bytes.js';
import type { Compiled } from '../expr/compiled.js';
import { single, takeRows, type Batch, type Relation } from '../expr/relation.js';
import { compareValues } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';

export interface SortKey {
  readonly expr: Compiled;
  readonly descending: boolean;
  /** Default: NULLS LAST for ascending, NULLS FIRST for descending (PostgreSQL, DataFusion). */
  readonly nullsFirst?: boolean;
}

/** Compares rows `a` and `c` by the key columns (0 for peers); nulls placed by each key's NULLS option. */
export function rowComparator(cols: readonly (readonly SqlValue[])[], keys: readonly SortKey[]): (a: number, c: number) => number {
  const dirs = keys.map((k) => (k.descending ? -1 : 1));
  const nullsFirst = keys.map((k) => k.nullsFirst ?? k.descending);
  return (a, c) => {
    for (let k = 0; k < cols.length; k++) {
      const x = cols[k]![a]!;
      const y = cols[k]![c]!;
      if (x === null || y === null) {
        if (x === y) continue;
        return (x === null) === nullsFirst[k] ? -1 : 1;
      }
      const r = compareValues(x, y);
      if (r !== 0) return r * dirs[k]!;
    }
    return 0;
  };
}

/** The row order of a batch under the keys (stable). */
function order(b: Batch, keys: readonly SortKey[]): number[] {
  const cmp = rowComparator(keys.map((k) => k.expr.eval(b)), keys);
  return Array.from({ length: b.length }, (_, i) => i).sort((a, c) => cmp(a, c) || a - c);
}

function append(into: SqlValue[][], b: Batch): void {
  for (let c = 0; c < into.length; c++) {
    const src = b.columns[c]!;
    const dst = into[c]!;
    for (let i = 0; i < b.length; i++) dst.push(src[i]!);
  }
}

/**
 * Sorts the input rows by the keys. With `topK` (ORDER BY ... LIMIT) only the best `topK` rows are kept
 * while reading: the buffer is cut back to them whenever it grows past a bound, so memory stays small.
 */
export function sort(input: Relation, keys: readonly SortKey[], topK?: number, exec?: ExecContext): Relation {
  return {
    fields: input.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        let cols: SqlValue[][] = input.fields.map(() => []);
        const bound = topK === undefined ? Infinity : 2 * topK + 4096;
        const types = input.fields.map((f) => f.type);
        let held = 0;
        for await (const b of input.batches) {
          append(cols, b);
          if (exec !== undefined) {
            const n = batchBytes(b, types);
            held += n;
            exec.hold(n, 'sort');
          }
          if (cols.length > 0 && cols[0]!.length > bound) {
            const buf: Batch = { length: cols[0]!.length, columns: cols };
            cols = takeRows(buf, order(buf, keys).slice(0, topK)).columns as SqlValue[][];
            // What is left is at most topK of the rows counted; count it anew.
            exec?.release(held);
            held = exec === undefined ? 0 : batchBytes({ length: cols[0]!.length, columns: cols }, types);
            exec?.hold(held, 'sort');
          }
        }
        const length = cols.length > 0 ? cols[0]!.length : 0;
        const all: Batch = { length, columns: cols };
        const idx = order(all, keys);
        yield* single(takeRows(all, topK === undefined ? idx : idx.slice(0, topK)));
      },
    },
  };
}
