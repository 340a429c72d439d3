import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const array = defineVrlFunction({
  name: 'array',
  summary: 'Returns `value` if it is an array, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['array'], required: true }],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Declare an array type', source: 'array!(.value)', input: { value: [1, 2, 3] }, result: [1, 2, 3] },
    { title: 'Invalid type', source: 'array!(true)', result: { error: 'expected array, got boolean' } },
  ],
  call: assertKind('array'),
});
