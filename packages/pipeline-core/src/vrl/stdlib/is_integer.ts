import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_integer = defineVrlFunction({
  name: 'is_integer',
  summary: 'Is `value` an integer?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid integer', source: 'is_integer(1)', result: true },
    { title: 'Null', source: 'is_integer(null)', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'integer',
});
