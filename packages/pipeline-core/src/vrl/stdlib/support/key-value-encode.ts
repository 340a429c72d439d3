import { Timestamp } from '../../../value/timestamp.js';
import { VrlRegex, type VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import { isObject, type VrlObject } from './kind.js';
import { rustFloatText } from './numbers.js';
import { utf8Decode } from './utf8.js';

export interface KeyValueEncoding {
  readonly fieldsOrdering: readonly VrlValue[];
  readonly keyValueDelimiter: string;
  readonly fieldDelimiter: string;
  readonly flattenBoolean: boolean;
}

/** Nested objects and arrays become `parent.child` / `list.0` keys, as VRL's serializer flattens them. */
function flattenInto(out: Map<string, VrlValue>, key: string, v: VrlValue): void {
  if (Array.isArray(v)) v.forEach((x, i) => flattenInto(out, `${key}.${i}`, x));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) flattenInto(out, `${key}.${k}`, x);
  else out.set(key, v);
}

function text(v: VrlValue): string {
  if (v === null) return 'null';
  if (v instanceof Timestamp) return v.toISOString();
  if (v instanceof VrlRegex) return v.source;
  if (v instanceof Uint8Array) return utf8Decode(v);
  return typeof v === 'number' ? rustFloatText(v) : String(v);
}

/** Quotes text containing whitespace, `"` or `=`, escaping `\`, `"` and newlines as VRL does. */
function encodeString(s: string): string {
  const quote = /[\s"=]/u.test(s);
  const body = s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\\\n');
  return quote ? `"${body}"` : body;
}

/** VRL's key/value encoder: ordered fields first, then the rest sorted by key. */
export function encodeKeyValue(input: VrlObject, o: KeyValueEncoding): string {
  const fields = new Map<string, VrlValue>();
  for (const [k, v] of Object.entries(input)) flattenInto(fields, k, v);
  const sorted = new Map([...fields.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const parts: string[] = [];
  const emit = (key: string, v: VrlValue): void => {
    if (o.flattenBoolean && typeof v === 'boolean') {
      if (v) parts.push(encodeString(key));
      return;
    }
    parts.push(encodeString(key) + o.keyValueDelimiter + encodeString(text(v)));
  };
  for (const f of o.fieldsOrdering) {
    if (typeof f !== 'string') throw new VrlFunctionError('fields_ordering contains a non-string element');
    if (!sorted.has(f)) continue;
    emit(f, sorted.get(f)!);
    sorted.delete(f);
  }
  for (const [k, v] of sorted) emit(k, v);
  return parts.join(o.fieldDelimiter);
}
