import { takeRows, type Relation } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import type { ExecContext } from '../../exec/exec-context.js';

/** Drops repeated rows (over the first `width` columns), keeping the first occurrence. */
export function distinct(input: Relation, width = input.fields.length, exec?: ExecContext): Relation {
  return {
    fields: input.fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const seen = new Set<string>();
        for await (const b of input.batches) {
          const keep: number[] = [];
          for (let i = 0; i < b.length; i++) {
            let k = '';
            for (let c = 0; c < width; c++) k += keyOf(b.columns[c]![i]!) + '\u001f';
            if (!seen.has(k)) {
              seen.add(k);
              exec?.hold(32 + k.length, 'DISTINCT');
              keep.push(i);
            }
          }
          if (keep.length > 0) yield takeRows(b, keep);
        }
      },
    },
  };
}
