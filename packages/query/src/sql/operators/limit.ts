import type { Relation } from '../expr/relation.js';
import { takeRows } from '../expr/relation.js';

/** Skips `offset` rows, then passes at most `limit`; stops pulling its input once done. */
export function limit(input: Relation, count: number | undefined, offset = 0): Relation {
  if (count === undefined && offset === 0) return input;
  return {
    fields: input.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        let skip = offset;
        let left = count ?? Infinity;
        if (left === 0) return;
        for await (const b of input.batches) {
          let start = 0;
          if (skip > 0) {
            start = Math.min(skip, b.length);
            skip -= start;
          }
          const n = Math.min(b.length - start, left);
          if (n <= 0) continue;
          if (start === 0 && n === b.length) yield b;
          else yield takeRows(b, Array.from({ length: n }, (_, i) => start + i));
          left -= n;
          if (left <= 0) return;
        }
      },
    },
  };
}
