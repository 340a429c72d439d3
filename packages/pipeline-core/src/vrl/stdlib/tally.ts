import { defineVrlFunction } from './function.js';
import { arr, expected } from './support/args.js';
import type { VrlObject } from './support/kind.js';

export const tally = defineVrlFunction({
  name: 'tally',
  summary: 'Counts how many times each string occurs in the array `value`.',
  params: [{ name: 'value', kinds: ['array'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    { title: 'Tally', source: 'tally!(["foo", "bar", "foo", "baz"])', result: { foo: 2, bar: 1, baz: 1 } },
    { title: 'Non-string items', source: 'tally!(["a", 1])', result: { error: 'expected string, got integer' } },
  ],
  call(args) {
    const out: VrlObject = {};
    for (const x of arr(args, 'value')) {
      if (typeof x !== 'string') throw expected('string', x);
      out[x] = ((out[x] as number | undefined) ?? 0) + 1;
    }
    return out;
  },
});
