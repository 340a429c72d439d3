import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_timestamp = defineVrlFunction({
  name: 'is_timestamp',
  summary: 'Is `value` a timestamp?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid timestamp', source: "is_timestamp(t'2021-03-26T16:00:00Z')", result: true },
    { title: 'Non-matching type', source: 'is_timestamp("a string")', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'timestamp',
});
