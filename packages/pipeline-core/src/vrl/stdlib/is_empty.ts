import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { expected } from './support/args.js';
import { isObject } from './support/kind.js';

export const is_empty = defineVrlFunction({
  name: 'is_empty',
  summary: 'Is `value` (a string, array or object) of length zero?',
  params: [{ name: 'value', kinds: ['bytes', 'array', 'object'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Empty array', source: 'is_empty([])', result: true },
    { title: 'Non-empty string', source: 'is_empty("a string")', result: false },
    { title: 'Non-empty object', source: 'is_empty({"foo": "bar"})', result: false },
    { title: 'Empty string', source: 'is_empty("")', result: true },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (typeof v === 'string' || v instanceof Uint8Array || Array.isArray(v)) return v.length === 0;
    if (isObject(v)) return Object.keys(v).length === 0;
    throw expected('string, array or object', v);
  },
});
