import type { Relation } from '../expr/relation.js';

/** Concatenates relations with the same number of columns (names and types from the first). */
export function unionAll(inputs: readonly Relation[]): Relation {
  return {
    fields: inputs[0]!.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        for (const r of inputs) yield* r.batches;
      },
    },
  };
}
