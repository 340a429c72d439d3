import type { ExecContext } from '../../exec/exec-context.js';
import { batchBytes } from '../../exec/bytes.js';
import type { Compiled } from '../expr/compiled.js';
import { takeRows, type Batch, type Relation } from '../expr/relation.js';
import { cooperativeOrder } from '../../exec/cooperative-sort.js';
import { compareValues } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';

export interface SortKey {
  readonly expr: Compiled;
  readonly descending: boolean;
  /** Default: NULLS LAST for ascending, NULLS FIRST for descending (PostgreSQL, DataFusion). */
  readonly nullsFirst?: boolean;
}

/** How one key orders: direction and where nulls go (default: NULLS LAST ascending, NULLS FIRST descending). */
export type KeyOrder = Pick<SortKey, 'descending' | 'nullsFirst'>;

/**
 * The one comparator of ORDER BY keys, over any row form: `get(row, k)` is key k of a row. Nulls are
 * placed by each key's NULLS option, other values compared by compareValues in the key's direction; 0 for peers.
 */
export function keyComparator<R>(keys: readonly KeyOrder[], get: (row: R, k: number) => SqlValue): (a: R, c: R) => number {
  const dirs = keys.map((k) => (k.descending ? -1 : 1));
  const nullsFirst = keys.map((k) => k.nullsFirst ?? k.descending);
  return (a, c) => {
    for (let k = 0; k < dirs.length; k++) {
      const x = get(a, k);
      const y = get(c, k);
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

/** Compares rows `a` and `c` by the key columns (0 for peers). */
export function rowComparator(cols: readonly (readonly SqlValue[])[], keys: readonly SortKey[]): (a: number, c: number) => number {
  return keyComparator<number>(keys.slice(0, cols.length), (i, k) => cols[k]![i]!);
}

function append(into: SqlValue[][], cols: readonly (readonly SqlValue[])[], length: number): void {
  for (let c = 0; c < into.length; c++) {
    const src = cols[c]!;
    const dst = into[c]!;
    for (let i = 0; i < length; i++) dst.push(src[i]!);
  }
}

/** Rows of one output batch. */
const OUT_ROWS = 8_192;

/**
 * Sorts the input rows by the keys. With `topK` (ORDER BY ... LIMIT) only the best `topK` rows are kept
 * while reading: the buffer is cut back to them whenever it grows past a bound, so memory stays small.
 * The key values are computed batch by batch as the rows arrive; the order is computed cooperatively
 * (sorted runs merged with checkpoints, see cooperativeOrder) and the rows leave in batches, so a sort
 * of millions of rows never holds the event loop for long and stops at the request's deadline.
 */
export function sort(input: Relation, keys: readonly SortKey[], topK?: number, exec?: ExecContext): Relation {
  return {
    fields: input.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        let cols: SqlValue[][] = input.fields.map(() => []);
        let keyCols: SqlValue[][] = keys.map(() => []);
        let rows = 0;
        const bound = topK === undefined ? Infinity : 2 * topK + 4096;
        const types = input.fields.map((f) => f.type);
        const keyTypes = keys.map((k) => k.expr.type);
        let held = 0;
        const recount = () => {
          if (exec === undefined) return;
          exec.release(held);
          held = batchBytes({ length: rows, columns: cols }, types) + batchBytes({ length: rows, columns: keyCols }, keyTypes);
          exec.hold(held, 'sort');
        };
        const orderOf = () => cooperativeOrder(rows, rowComparator(keyCols, keys), exec);
        for await (const b of input.batches) {
          if (exec !== undefined) {
            const n = batchBytes(b, types);
            held += n;
            exec.hold(n, 'sort');
          }
          const k = keys.map((key) => key.expr.eval(b));
          if (exec !== undefined) {
            const n = batchBytes({ length: b.length, columns: k }, keyTypes);
            held += n;
            exec.hold(n, 'sort');
          }
          append(cols, b.columns, b.length);
          append(keyCols, k, b.length);
          rows += b.length;
          if (exec !== undefined) await exec.checkpoint();
          if (rows > bound) {
            const idx = (await orderOf()).subarray(0, topK);
            cols = takeRows({ length: rows, columns: cols }, idx).columns as SqlValue[][];
            keyCols = takeRows({ length: rows, columns: keyCols }, idx).columns as SqlValue[][];
            rows = idx.length;
            // What is left is at most topK of the rows counted; count it anew.
            recount();
          }
        }
        const all: Batch = { length: rows, columns: cols };
        let idx = await orderOf();
        keyCols = [];
        if (topK !== undefined) idx = idx.subarray(0, topK);
        for (let s = 0; s < idx.length; s += OUT_ROWS) {
          yield takeRows(all, idx.subarray(s, Math.min(s + OUT_ROWS, idx.length)));
          if (exec !== undefined) await exec.checkpoint();
        }
      },
    },
  };
}
