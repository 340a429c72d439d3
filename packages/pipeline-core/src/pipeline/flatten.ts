import type { Processor } from '../processors/processor.js';
import { isValueMap, toJsonText, type Doc, type Value } from '../value/value.js';
import { setField } from '../fields/for-each-field.js';

/**
 * GreptimeDB's identity flattening: nested objects become `a.b.c` keys down to `maxLevels` (deeper
 * objects become JSON text), and arrays at any level become JSON text.
 */
export function flattenDoc(doc: Doc, maxLevels: number): Doc {
  let flat = true;
  for (const k in doc) {
    const v = doc[k];
    if (v !== null && typeof v === 'object' && (isValueMap(v) || Array.isArray(v))) {
      flat = false;
      break;
    }
  }
  if (flat) return doc;
  const out: Doc = {};
  walk(doc, '', 1, maxLevels, out);
  return out;
}

function walk(obj: Doc, prefix: string, level: number, max: number, out: Doc): void {
  for (const k in obj) {
    const v: Value = obj[k]!;
    const name = prefix + k;
    if (isValueMap(v)) {
      if (level < max) walk(v, `${name}.`, level + 1, max, out);
      else setField(out, name, toJsonText(v));
    } else if (Array.isArray(v)) {
      setField(out, name, toJsonText(v));
    } else {
      setField(out, name, v);
    }
  }
}

/** The flattening step of an identity pipeline, run like a processor. */
export function flattenStep(maxLevels: number): Processor {
  return { kind: 'flatten', exec: (doc) => flattenDoc(doc, maxLevels) };
}
