import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { vrlKindOf } from './support/kind.js';

export const is_float = defineVrlFunction({
  name: 'is_float',
  summary: 'Is `value` a float? (Sluice stores an integral float such as `1.0` as an integer, so only non-integral numbers are floats.)',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid float', source: 'is_float(0.577)', result: true },
    { title: 'Integer', source: 'is_float(1)', result: false },
  ],
  call: (args) => vrlKindOf(args['value'] as VrlValue) === 'float',
});
