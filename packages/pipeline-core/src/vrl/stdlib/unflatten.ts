import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { bool, obj, optStr } from './support/args.js';
import { isObject, type VrlObject } from './support/kind.js';

function unflattenObject(m: VrlObject, sep: string, recursive: boolean): VrlObject {
  const out: VrlObject = {};
  // VRL objects are ordered by key, so `a` is always seen before `a.b`; sort to behave the same.
  for (const key of Object.keys(m).sort()) {
    let v: VrlValue = m[key]!;
    if (recursive && isObject(v)) v = unflattenObject(v, sep, true);
    const parts = key.split(sep);
    let cur = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      const next = cur[p];
      if (!isObject(next)) cur[p] = {};
      cur = cur[p] as VrlObject;
    }
    const leaf = parts[parts.length - 1]!;
    const existing = cur[leaf];
    cur[leaf] = isObject(existing) && isObject(v) ? { ...existing, ...v } : v;
  }
  return out;
}

export const unflatten = defineVrlFunction({
  name: 'unflatten',
  summary:
    'Turns an object whose keys are paths joined by `separator` into nested objects (the inverse of `flatten`); `recursive` also unflattens nested objects.',
  params: [
    { name: 'value', kinds: ['object'], required: true },
    { name: 'separator', kinds: ['bytes'], required: false, default: '.' },
    { name: 'recursive', kinds: ['boolean'], required: false, default: true },
  ],
  returns: ['object'],
  fallible: false,
  examples: [
    {
      title: 'Unflatten',
      source: 'unflatten({"foo.bar.baz": true, "foo.bar.qux": false, "foo.quux": 42})',
      result: { foo: { bar: { baz: true, qux: false }, quux: 42 } },
    },
    {
      title: 'Unflatten recursively',
      source: 'unflatten({"flattened.parent": {"foo.bar": true, "foo.baz": false}})',
      result: { flattened: { parent: { foo: { bar: true, baz: false } } } },
    },
    { title: 'Ignore inconsistent keys values', source: 'unflatten({"a": 3, "a.b": 2, "a.c": 4})', result: { a: { b: 2, c: 4 } } },
    { title: 'Unflatten with custom separator', source: 'unflatten({ "foo_bar": true }, "_")', result: { foo: { bar: true } } },
  ],
  call(args) {
    const sep = optStr(args, 'separator') ?? '.';
    if (sep === '') throw new VrlFunctionError('separator must not be empty');
    return unflattenObject(obj(args, 'value'), sep, bool(args, 'recursive', true));
  },
});
