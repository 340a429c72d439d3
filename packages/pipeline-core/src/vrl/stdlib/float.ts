import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const float = defineVrlFunction({
  name: 'float',
  summary: 'Returns `value` if it is a float, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['float'], required: true }],
  returns: ['float'],
  fallible: false,
  examples: [
    { title: 'Declare a float type', source: 'float!(.value)', input: { value: 42.5 }, result: 42.5 },
    { title: 'Invalid type', source: 'float!(true)', result: { error: 'expected float, got boolean' } },
  ],
  call: assertKind('float'),
});
