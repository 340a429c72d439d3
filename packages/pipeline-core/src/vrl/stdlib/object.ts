import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const object = defineVrlFunction({
  name: 'object',
  summary: 'Returns `value` if it is an object, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['object'], required: true }],
  returns: ['object'],
  fallible: false,
  examples: [
    { title: 'Declare an object type', source: 'object!(.value)', input: { value: { field1: 'value1' } }, result: { field1: 'value1' } },
    { title: 'Invalid type', source: 'object!(true)', result: { error: 'expected object, got boolean' } },
  ],
  call: assertKind('object'),
});
