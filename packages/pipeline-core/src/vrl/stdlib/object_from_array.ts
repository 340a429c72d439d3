import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { arr } from './support/args.js';
import { describeKind, type VrlObject } from './support/kind.js';

function keyOf(k: VrlValue | undefined): string | undefined {
  if (k === null || k === undefined) return undefined;
  if (typeof k !== 'string') throw new VrlFunctionError(`object keys must be strings, got ${describeKind(k)}`);
  return k;
}

export const object_from_array = defineVrlFunction({
  name: 'object_from_array',
  summary:
    'Builds an object from `[key, value]` pairs, or from the arrays `keys` and `values` side by side. Pairs whose key is null are skipped; a later pair wins.',
  params: [
    { name: 'values', kinds: ['array'], required: true },
    { name: 'keys', kinds: ['array'], required: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    { title: 'Create an object from one array', source: 'object_from_array!([["one", 1], [null, 2], ["two", 3]])', result: { one: 1, two: 3 } },
    { title: 'Create an object from separate key and value arrays', source: 'object_from_array!([1, 2, 3], keys: ["one", null, "two"])', result: { one: 1, two: 3 } },
  ],
  call(args) {
    const values = arr(args, 'values');
    const out: VrlObject = {};
    if (args['keys'] !== undefined && args['keys'] !== null) {
      const keys = arr(args, 'keys');
      values.forEach((v, i) => {
        const k = keyOf(keys[i]);
        if (k !== undefined) out[k] = v;
      });
      return out;
    }
    for (const pair of values) {
      if (!Array.isArray(pair) || pair.length === 0) throw new VrlFunctionError(`expected [key, value] pairs, got ${describeKind(pair)}`);
      const k = keyOf(pair[0]);
      if (k !== undefined) out[k] = pair[1] ?? null;
    }
    return out;
  },
});
