import { defineVrlFunction } from './function.js';
import { any, arr } from './support/args.js';
import { vrlEquals } from '../equality.js';

export const includes = defineVrlFunction({
  name: 'includes',
  summary: 'Does the array `value` contain an element equal to `item`?',
  params: [
    { name: 'value', kinds: ['array'], required: true },
    { name: 'item', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Array includes', source: 'includes(["apple", "orange", "banana"], "banana")', result: true },
    { title: 'Includes boolean', source: 'includes([1, true], true)', result: true },
    { title: "Doesn't include", source: 'includes(["foo", "bar"], "baz")', result: false },
  ],
  call(args) {
    const item = any(args, 'item');
    return arr(args, 'value').some((x) => vrlEquals(x, item));
  },
});
