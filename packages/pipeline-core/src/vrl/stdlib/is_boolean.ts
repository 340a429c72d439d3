import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_boolean = defineVrlFunction({
  name: 'is_boolean',
  summary: 'Is `value` a boolean?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid boolean', source: 'is_boolean(false)', result: true },
    { title: 'Non-matching type', source: 'is_boolean("a string")', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'boolean',
});
