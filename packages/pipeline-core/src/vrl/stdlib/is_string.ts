import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_string = defineVrlFunction({
  name: 'is_string',
  summary: 'Is `value` a string?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid string', source: 'is_string("a string")', result: true },
    { title: 'Non-matching type', source: 'is_string([1, 2, 3])', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'bytes',
});
