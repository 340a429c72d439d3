import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_null = defineVrlFunction({
  name: 'is_null',
  summary: 'Is `value` null?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Null value', source: 'is_null(null)', result: true },
    { title: 'Array', source: 'is_null([1, 2, 3])', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'null',
});
