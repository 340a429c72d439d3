import { defineVrlFunction } from './function.js';
import { arr } from './support/args.js';

export const append = defineVrlFunction({
  name: 'append',
  summary: 'Returns the array `value` followed by the elements of the array `items`.',
  params: [
    { name: 'value', kinds: ['array'], required: true },
    { name: 'items', kinds: ['array'], required: true },
  ],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Append to an array', source: 'append([1, 2], [3, 4])', result: [1, 2, 3, 4] },
    { title: 'Nested arrays stay nested', source: 'append(["a"], [["b"]])', result: ['a', ['b']] },
  ],
  call: (args) => [...arr(args, 'value'), ...arr(args, 'items')],
});
