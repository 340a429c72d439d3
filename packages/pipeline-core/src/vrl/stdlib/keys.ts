import { defineVrlFunction } from './function.js';
import { obj } from './support/args.js';

export const keys = defineVrlFunction({
  name: 'keys',
  summary: 'The keys of the object `value` (top level), in the object\'s order.',
  params: [{ name: 'value', kinds: ['object'], required: true }],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Get keys from the object', source: 'keys({"key1": "val1", "key2": "val2"})', result: ['key1', 'key2'] },
    { title: 'Nested keys are not listed', source: 'keys({"a": {"b": 1}})', result: ['a'] },
  ],
  call: (args) => Object.keys(obj(args, 'value')),
});
