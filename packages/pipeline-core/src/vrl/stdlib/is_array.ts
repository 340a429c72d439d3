import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_array = defineVrlFunction({
  name: 'is_array',
  summary: 'Is `value` an array?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid array', source: 'is_array([1, 2, 3])', result: true },
    { title: 'Non-matching type', source: 'is_array("a string")', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'array',
});
