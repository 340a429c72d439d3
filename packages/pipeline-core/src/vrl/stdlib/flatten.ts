import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { expected, optStr } from './support/args.js';
import { isObject, type VrlObject } from './support/kind.js';

function flattenArray(a: readonly VrlValue[], out: VrlValue[]): VrlValue[] {
  for (const x of a) if (Array.isArray(x)) flattenArray(x, out);
    else out.push(x);
  return out;
}

function flattenObject(m: VrlObject, prefix: string, sep: string, except: ReadonlySet<string>, out: VrlObject): VrlObject {
  for (const [k, v] of Object.entries(m)) {
    const key = prefix === '' ? k : prefix + sep + k;
    // An empty nested object contributes no key, as in VRL.
    if (isObject(v) && !except.has(k)) flattenObject(v, key, sep, except, out);
    else out[key] = v;
  }
  return out;
}

export const flatten = defineVrlFunction({
  name: 'flatten',
  summary:
    'Flattens nested arrays into one array, or nested objects into one object whose keys are the paths joined by `separator` (keys listed in `except` are kept nested).',
  params: [
    { name: 'value', kinds: ['array', 'object'], required: true },
    { name: 'separator', kinds: ['bytes'], required: false, default: '.' },
    { name: 'except', kinds: ['array'], required: false },
  ],
  returns: ['array', 'object'],
  fallible: false,
  examples: [
    { title: 'Flatten array', source: 'flatten([1, [2, 3, 4], [5, [6, 7], 8], 9])', result: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
    {
      title: 'Flatten object',
      source: 'flatten({"parent1": {"child1": 1, "child2": 2}, "parent2": {"child3": 3}})',
      result: { 'parent1.child1': 1, 'parent1.child2': 2, 'parent2.child3': 3 },
    },
    { title: 'Flatten object with custom separator', source: 'flatten({ "foo": { "bar": true }}, "_")', result: { foo_bar: true } },
    {
      title: 'Flatten object with except',
      source: 'flatten({ "parent": { "child": 1 }, "keep": { "nested": 2 } }, except: ["keep"])',
      result: { keep: { nested: 2 }, 'parent.child': 1 },
    },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (Array.isArray(v)) return flattenArray(v, []);
    if (!isObject(v)) throw expected('array or object', v);
    const except = args['except'];
    const exceptSet = new Set<string>();
    if (Array.isArray(except)) for (const x of except) if (typeof x === 'string') exceptSet.add(x);
    return flattenObject(v, '', optStr(args, 'separator') ?? '.', exceptSet, {});
  },
});
