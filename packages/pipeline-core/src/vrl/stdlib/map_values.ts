import type { VrlValue } from '../value.js';
import { defineVrlFunction, type VrlClosure } from './function.js';
import { bool, expected } from './support/args.js';
import { needClosure } from './support/closure.js';
import { isObject, type VrlObject } from './support/kind.js';

/** Maps each element; with `recursive`, a container's result is descended into as well. */
function mapChildren(v: VrlValue, f: VrlClosure, recursive: boolean): VrlValue {
  const one = (x: VrlValue): VrlValue => {
    const y = f(x);
    return recursive && (Array.isArray(y) || isObject(y)) ? mapChildren(y, f, true) : y;
  };
  if (Array.isArray(v)) return v.map(one);
  if (isObject(v)) {
    const out: VrlObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = one(x);
    return out;
  }
  return v;
}

export const map_values = defineVrlFunction({
  name: 'map_values',
  summary:
    'Replaces every value of the object or array `value` with what the closure `|value|` returns; with `recursive`, nested objects and arrays are passed to the closure and then mapped inside too.',
  params: [
    { name: 'value', kinds: ['object', 'array'], required: true },
    { name: 'recursive', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object', 'array'],
  fallible: false,
  closure: { params: ['value'] },
  examples: [
    {
      title: 'Upcase values',
      source: '. = {"foo": "foo", "bar": "bar"}\nmap_values(.) -> |value| { upcase!(value) }',
      result: { foo: 'FOO', bar: 'BAR' },
    },
    {
      title: 'Recursively map object values',
      source: 'val = {"a": 1, "b": [{ "c": 2 }, { "d": 3 }], "e": { "f": 4 }}\nmap_values(val, recursive: true) -> |value| {\n    if is_integer(value) { int!(value) + 1 } else { value }\n}',
      result: { a: 2, b: [{ c: 3 }, { d: 4 }], e: { f: 5 } },
    },
    { title: 'Map array values', source: 'map_values([1, 2]) -> |value| { value * 10 }', result: [10, 20] },
  ],
  call(args, _ctx, _compiled, closure) {
    const v = args['value'] as VrlValue;
    if (!Array.isArray(v) && !isObject(v)) throw expected('object or array', v);
    return mapChildren(v, needClosure('map_values', closure), bool(args, 'recursive', false));
  },
});
