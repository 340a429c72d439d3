import type { TableState } from '../catalog/table-state.js';

const cache = new WeakMap<TableState, readonly number[]>();

/** Field slots of string columns with a full-text index (`FULLTEXT INDEX`, the transform's `index: fulltext`). */
export function fulltextSlots(t: TableState): readonly number[] {
  let slots = cache.get(t);
  if (slots === undefined) {
    slots = t.fields.flatMap((c, i) => (c.index === 'fulltext' && c.type === 'string' ? [i] : []));
    cache.set(t, slots);
  }
  return slots;
}
