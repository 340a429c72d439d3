import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError, type VrlClosure } from './function.js';
import { bool, obj } from './support/args.js';
import { needClosure } from './support/closure.js';
import { describeKind, isObject, type VrlObject } from './support/kind.js';

function mapKeys(m: VrlObject, f: VrlClosure, recursive: boolean): VrlObject {
  const out: VrlObject = {};
  for (const [k, v] of Object.entries(m)) {
    const nk = f(k);
    if (typeof nk !== 'string') throw new VrlFunctionError(`map_keys closure must return a string, got ${describeKind(nk)}`);
    out[nk] = recursive ? descend(v, f) : v;
  }
  return out;
}

function descend(v: VrlValue, f: VrlClosure): VrlValue {
  if (isObject(v)) return mapKeys(v, f, true);
  if (Array.isArray(v)) return v.map((x) => descend(x, f));
  return v;
}

export const map_keys = defineVrlFunction({
  name: 'map_keys',
  summary:
    'Renames every key of the object `value` to what the closure `|key|` returns; with `recursive`, also the keys of nested objects (inside arrays too).',
  params: [
    { name: 'value', kinds: ['object'], required: true },
    { name: 'recursive', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object'],
  fallible: false,
  closure: { params: ['key'] },
  examples: [
    {
      title: 'Upcase keys',
      source: '. = {"foo": "foo", "bar": "bar", "baz": {"nested key": "val"}}\nmap_keys(.) -> |key| { upcase(key) }',
      result: { FOO: 'foo', BAR: 'bar', BAZ: { 'nested key': 'val' } },
    },
    {
      title: 'Recursively map object keys',
      source: 'val = {"a": 1, "b": [{ "c": 2 }, { "d": 3 }], "e": { "f": 4 }}\nmap_keys(val, recursive: true) -> |key| { upcase(key) }',
      result: { A: 1, B: [{ C: 2 }, { D: 3 }], E: { F: 4 } },
    },
    { title: 'De-dot keys', source: 'map_keys({"labels.app": "web"}) -> |key| { replace(key, ".", "_") }', result: { labels_app: 'web' } },
  ],
  call(args, _ctx, _compiled, closure) {
    return mapKeys(obj(args, 'value'), needClosure('map_keys', closure), bool(args, 'recursive', false));
  },
});
