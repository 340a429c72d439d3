import type { Compiled } from '../expr/compiled.js';
import type { Field, Relation } from '../expr/relation.js';

/** Evaluates one expression per output column, batch by batch. */
export function project(input: Relation, fields: readonly Field[], exprs: readonly Compiled[]): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        for await (const b of input.batches) yield { length: b.length, columns: exprs.map((e) => e.eval(b)) };
      },
    },
  };
}

/** Keeps the first `n` columns (drops hidden sort keys). */
export function keepColumns(input: Relation, n: number): Relation {
  if (input.fields.length === n) return input;
  return {
    fields: input.fields.slice(0, n),
    batches: {
      async *[Symbol.asyncIterator]() {
        for await (const b of input.batches) yield { length: b.length, columns: b.columns.slice(0, n) };
      },
    },
  };
}
