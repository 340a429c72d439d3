import type { ExecContext } from '../../exec/exec-context.js';
import { batchBytes } from '../../exec/bytes.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';

/** One column of a relation flowing between operators. `qualifier` is the table name or alias. */
export interface Field {
  readonly name: string;
  readonly qualifier?: string;
  readonly type: SqlType;
  /** The table's time index, or a column passed through unchanged from one (a range query finds its time by it). */
  readonly timeIndex?: true;
  /** The other side's copy of a `JOIN ... USING` column: left out of `*` and of unqualified names (found as `t.col`). */
  readonly usingCopy?: true;
}

/** A batch of rows stored column by column, aligned with the relation's fields. */
export interface Batch {
  readonly length: number;
  readonly columns: readonly (readonly SqlValue[])[];
}

/** A relation: its fields and an async stream of batches (operators are functions from relations to relations). */
export interface Relation {
  readonly fields: readonly Field[];
  readonly batches: AsyncIterable<Batch>;
}

/** Per-statement evaluation settings. */
export interface EvalContext {
  readonly timezone?: string;
  /** Statement start, nanoseconds (`now()` is stable within a statement). */
  readonly nowNs: bigint;
  /** Current database (`database()`). */
  readonly db?: string;
  /** Cancellation, budgets and yielding of the running query (absent: default budgets, no signal). */
  readonly exec?: ExecContext;
}

/**
 * Runs a relation to the end into one batch. With `exec`, the rows count toward the query's memory
 * budget (as `what`) and the loop yields between batches.
 */
export async function collectBatches(rel: Relation, exec?: ExecContext, what = 'buffered rows'): Promise<Batch> {
  const cols: SqlValue[][] = rel.fields.map(() => []);
  const types = rel.fields.map((f) => f.type);
  let length = 0;
  for await (const b of rel.batches) {
    if (exec !== undefined) {
      exec.hold(batchBytes(b, types), what);
      await exec.checkpoint();
    }
    for (let c = 0; c < cols.length; c++) {
      const src = b.columns[c]!;
      const dst = cols[c]!;
      for (let i = 0; i < b.length; i++) dst.push(src[i]!);
    }
    length += b.length;
  }
  return { length, columns: cols };
}

export async function* single(b: Batch): AsyncIterable<Batch> {
  if (b.length > 0) yield b;
}

/** Keeps the rows at `idx` of every column. */
export function takeRows(b: Batch, idx: ArrayLike<number>): Batch {
  const columns = b.columns.map((col) => {
    const out = new Array<SqlValue>(idx.length);
    for (let i = 0; i < idx.length; i++) out[i] = col[idx[i]!]!;
    return out;
  });
  return { length: idx.length, columns };
}
