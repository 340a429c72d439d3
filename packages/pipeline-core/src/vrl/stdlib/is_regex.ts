import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_regex = defineVrlFunction({
  name: 'is_regex',
  summary: 'Is `value` a regex?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid regex', source: "is_regex(r'pattern')", result: true },
    { title: 'Non-matching type', source: 'is_regex("a string")', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'regex',
});
