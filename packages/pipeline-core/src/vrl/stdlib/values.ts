import { defineVrlFunction } from './function.js';
import { obj } from './support/args.js';

export const values = defineVrlFunction({
  name: 'values',
  summary: 'The values of the object `value` (top level), in the object\'s order.',
  params: [{ name: 'value', kinds: ['object'], required: true }],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Get values from the object', source: 'values({"key1": "val1", "key2": "val2"})', result: ['val1', 'val2'] },
    { title: 'Nested values are kept whole', source: 'values({"a": {"b": 1}})', result: [{ b: 1 }] },
  ],
  call: (args) => Object.values(obj(args, 'value')),
});
