import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';

export const is_nullish = defineVrlFunction({
  name: 'is_nullish',
  summary: 'Is `value` "nullish": null, `-`, or a string that is empty or only whitespace?',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Null detection (blank string)', source: 'is_nullish("")', result: true },
    { title: 'Null detection (dash string)', source: 'is_nullish("-")', result: true },
    { title: 'Null detection (whitespace)', source: 'is_nullish("\\n  \\n")', result: true },
    { title: 'Null', source: 'is_nullish(null)', result: true },
    { title: 'Not nullish', source: 'is_nullish(0)', result: false },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    return v === null || (typeof v === 'string' && (v === '-' || v.trim() === ''));
  },
});
