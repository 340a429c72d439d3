import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const int = defineVrlFunction({
  name: 'int',
  summary: 'Returns `value` if it is an integer, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['integer'], required: true }],
  returns: ['integer'],
  fallible: false,
  examples: [
    { title: 'Declare an integer type', source: 'int!(.value)', input: { value: 42 }, result: 42 },
    { title: 'Invalid type', source: 'int!(true)', result: { error: 'expected integer, got boolean' } },
  ],
  call: assertKind('integer'),
});
