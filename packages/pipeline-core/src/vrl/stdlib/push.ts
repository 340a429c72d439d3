import { defineVrlFunction } from './function.js';
import { any, arr } from './support/args.js';

export const push = defineVrlFunction({
  name: 'push',
  summary: 'Returns a copy of the array `value` with `item` added at the end.',
  params: [
    { name: 'value', kinds: ['array'], required: true },
    { name: 'item', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true },
  ],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Push an item onto an array', source: 'push([1, 2], 3)', result: [1, 2, 3] },
    { title: 'Empty array', source: 'push([], "bar")', result: ['bar'] },
  ],
  call: (args) => [...arr(args, 'value'), any(args, 'item')],
});
