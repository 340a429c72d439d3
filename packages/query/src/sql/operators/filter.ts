import type { Compiled } from '../expr/compiled.js';
import { takeRows, type Batch, type Relation } from '../expr/relation.js';

/** Keeps the rows where the predicate is true (NULL and false drop the row). */
export function filter(input: Relation, predicate: Compiled): Relation {
  return {
    fields: input.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        for await (const b of input.batches) {
          const mask = predicate.eval(b);
          const idx: number[] = [];
          for (let i = 0; i < b.length; i++) if (mask[i] === true) idx.push(i);
          if (idx.length === b.length) yield b;
          else if (idx.length > 0) yield takeRows(b, idx) as Batch;
        }
      },
    },
  };
}
