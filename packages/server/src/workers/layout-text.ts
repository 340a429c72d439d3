import type { WriteLayout } from '@sluice/storage';

/** Layouts as JSON text, made once per record (a store hands out the same record object until the table changes). */
const texts = new WeakMap<WriteLayout, string>();

/**
 * A table's layout as it crosses to a worker: JSON text (a string is copied once; a record object is
 * cloned field by field, which cost the main thread more). Undefined for a record JSON cannot hold
 * (the table's writes then cross as rows).
 */
export function layoutText(l: WriteLayout): string | undefined {
  let t = texts.get(l);
  if (t === undefined) {
    try {
      t = JSON.stringify(l);
    } catch {
      return undefined;
    }
    texts.set(l, t);
  }
  return t;
}

/** Layouts parsed on a worker, by their text (a worker encodes for the same few tables again and again). */
const parsed = new Map<string, WriteLayout>();
const MAX_PARSED = 64;

/** Worker side: the layout of a text from `layoutText`. */
export function layoutFromText(text: string): WriteLayout {
  let l = parsed.get(text);
  if (l === undefined) {
    l = JSON.parse(text) as WriteLayout;
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, l);
  }
  return l;
}
