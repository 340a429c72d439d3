import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const bool = defineVrlFunction({
  name: 'bool',
  summary: 'Returns `value` if it is a boolean, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['boolean'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid Boolean', source: 'bool(false)', result: false },
    { title: 'Invalid type', source: 'bool!(.value)', input: { value: 'true' }, result: { error: 'expected boolean, got string' } },
  ],
  call: assertKind('boolean'),
});
