import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const string = defineVrlFunction({
  name: 'string',
  summary: 'Returns `value` if it is a string, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Declare a string type', source: 'string!(.message)', input: { message: '{"field": "value"}' }, result: '{"field": "value"}' },
    { title: 'Invalid type', source: 'string!(true)', result: { error: 'expected string, got boolean' } },
  ],
  call: assertKind('bytes'),
});
