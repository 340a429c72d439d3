import type { VrlValue } from '../value.js';
import { vrlEquals } from '../equality.js';
import { defineVrlFunction } from './function.js';
import { arr } from './support/args.js';

export const unique = defineVrlFunction({
  name: 'unique',
  summary: 'The elements of the array `value` without repeats, each kept at its first position.',
  params: [{ name: 'value', kinds: ['array'], required: true }],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Unique', source: 'unique(["foo", "bar", "foo", "baz"])', result: ['foo', 'bar', 'baz'] },
    { title: 'Mixed values', source: 'unique([1, "1", 1, [1], [1]])', result: [1, '1', [1]] },
  ],
  call(args) {
    const out: VrlValue[] = [];
    for (const x of arr(args, 'value')) if (!out.some((y) => vrlEquals(x, y))) out.push(x);
    return out;
  },
});
