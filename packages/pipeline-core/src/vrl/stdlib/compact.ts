import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { bool, expected } from './support/args.js';
import { isObject, type VrlObject } from './support/kind.js';

interface CompactOptions {
  readonly recursive: boolean;
  readonly null: boolean;
  readonly string: boolean;
  readonly object: boolean;
  readonly array: boolean;
  readonly nullish: boolean;
}

function isNullish(v: VrlValue): boolean {
  return v === null || (typeof v === 'string' && (v === '-' || v.trim() === ''));
}

function isEmptyValue(v: VrlValue, o: CompactOptions): boolean {
  if (v === null) return o.null;
  if (o.nullish && isNullish(v)) return true;
  if (typeof v === 'string') return o.string && v === '';
  if (Array.isArray(v)) return o.array && v.length === 0;
  if (isObject(v)) return o.object && Object.keys(v).length === 0;
  return false;
}

function compactValue(v: VrlValue, o: CompactOptions): VrlValue {
  if (!o.recursive) return v;
  if (Array.isArray(v)) return compactArray(v, o);
  if (isObject(v)) return compactObject(v, o);
  return v;
}

function compactArray(a: readonly VrlValue[], o: CompactOptions): VrlValue[] {
  return a.map((x) => compactValue(x, o)).filter((x) => !isEmptyValue(x, o));
}

function compactObject(m: VrlObject, o: CompactOptions): VrlObject {
  const out: VrlObject = {};
  for (const [k, v] of Object.entries(m)) {
    const c = compactValue(v, o);
    if (!isEmptyValue(c, o)) out[k] = c;
  }
  return out;
}

export const compact = defineVrlFunction({
  name: 'compact',
  summary:
    'Removes empty values from an array or object: nulls, empty strings, empty objects and empty arrays (each switchable), and with `nullish` also `-` and whitespace-only strings. `recursive` compacts nested values first.',
  params: [
    { name: 'value', kinds: ['array', 'object'], required: true },
    { name: 'recursive', kinds: ['boolean'], required: false, default: true },
    { name: 'null', kinds: ['boolean'], required: false, default: true },
    { name: 'string', kinds: ['boolean'], required: false, default: true },
    { name: 'object', kinds: ['boolean'], required: false, default: true },
    { name: 'array', kinds: ['boolean'], required: false, default: true },
    { name: 'nullish', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['array', 'object'],
  fallible: false,
  examples: [
    { title: 'Compact an array', source: 'compact(["foo", "bar", "", null, [], "buzz"], string: true, array: true, null: true)', result: ['foo', 'bar', 'buzz'] },
    { title: 'Compact an object with default parameters', source: 'compact({"field1": 1, "field2": "", "field3": [], "field4": null})', result: { field1: 1 } },
    { title: 'Compact an array using nullish', source: 'compact(["-", "   ", "\\n", null, true], nullish: true)', result: [true] },
    { title: 'Compact a complex object with default parameters', source: 'compact({ "a": {}, "b": null, "c": [null], "d": "", "e": "-", "f": true })', result: { e: '-', f: true } },
  ],
  call(args) {
    const o: CompactOptions = {
      recursive: bool(args, 'recursive', true),
      null: bool(args, 'null', true),
      string: bool(args, 'string', true),
      object: bool(args, 'object', true),
      array: bool(args, 'array', true),
      nullish: bool(args, 'nullish', false),
    };
    const v = args['value'] as VrlValue;
    if (Array.isArray(v)) return compactArray(v, o);
    if (isObject(v)) return compactObject(v, o);
    throw expected('array or object', v);
  },
});
