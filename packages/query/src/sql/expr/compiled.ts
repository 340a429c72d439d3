import type { SqlType, SqlValue } from '../types/sql-value.js';
import type { Batch } from './relation.js';

/** A compiled expression: its static type and a vectorised evaluator over a batch. */
export interface Compiled {
  readonly type: SqlType;
  /** Set when the value does not depend on the row (literals and functions of literals). */
  readonly constant?: { readonly value: SqlValue };
  eval(b: Batch): readonly SqlValue[];
}

export function constant(value: SqlValue, type: SqlType): Compiled {
  return {
    type,
    constant: { value },
    eval: (b) => new Array<SqlValue>(b.length).fill(value),
  };
}

/**
 * A row-wise function over argument vectors: null in any argument gives null unless `nullSafe`.
 * Folds to a constant when every argument is constant.
 */
export function mapRows(type: SqlType, args: readonly Compiled[], fn: (...v: SqlValue[]) => SqlValue, nullSafe = false): Compiled {
  if (args.every((a) => a.constant)) {
    const vals = args.map((a) => a.constant!.value);
    return constant(!nullSafe && vals.some((v) => v === null) ? null : fn(...vals), type);
  }
  if (args.length === 1) {
    const [a] = args;
    return {
      type,
      eval: (b) => {
        const x = a!.eval(b);
        const out = new Array<SqlValue>(b.length);
        for (let i = 0; i < b.length; i++) {
          const v = x[i]!;
          out[i] = v === null && !nullSafe ? null : fn(v);
        }
        return out;
      },
    };
  }
  return {
    type,
    eval: (b) => {
      const vecs = args.map((a) => a.eval(b));
      const out = new Array<SqlValue>(b.length);
      const row = new Array<SqlValue>(vecs.length);
      outer: for (let i = 0; i < b.length; i++) {
        for (let j = 0; j < vecs.length; j++) {
          const v = vecs[j]![i]!;
          if (v === null && !nullSafe) {
            out[i] = null;
            continue outer;
          }
          row[j] = v;
        }
        out[i] = fn(...row);
      }
      return out;
    },
  };
}
