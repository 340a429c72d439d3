import { ProcessorError } from '../errors/index.js';
import type { Doc, Value } from '../value/value.js';
import type { Field } from './field.js';

/**
 * The one missing-field loop every field-wise processor shares: for each field, read its input;
 * a missing (absent or null) input is skipped with `ignore_missing`, an error without it;
 * otherwise `fn` maps the value and a non-undefined result is written to the output name.
 */
export function forEachField(
  doc: Doc,
  kind: string,
  fields: readonly Field[],
  ignoreMissing: boolean,
  fn: (value: Value, field: Field, doc: Doc) => Value | undefined,
): void {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const v = Object.prototype.hasOwnProperty.call(doc, f.input) ? doc[f.input] : undefined;
    if (v === undefined || v === null) {
      if (ignoreMissing) continue;
      throw new ProcessorError(kind, f.input, 'field is missing (set ignore_missing: true to skip such items)');
    }
    const out = fn(v, f, doc);
    if (out !== undefined) setField(doc, f.output, out);
  }
}

/** Writes a key on a record without ever touching the prototype (`__proto__` is just a key). */
export function setField(doc: Doc, key: string, value: Value): void {
  if (key === '__proto__') Object.defineProperty(doc, key, { value, enumerable: true, writable: true, configurable: true });
  else doc[key] = value;
}
