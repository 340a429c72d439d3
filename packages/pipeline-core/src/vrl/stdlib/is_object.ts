import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_object = defineVrlFunction({
  name: 'is_object',
  summary: 'Is `value` an object?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid object', source: 'is_object({"foo": "bar"})', result: true },
    { title: 'Non-matching type', source: 'is_object("a string")', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'object',
});
