import { defineVrlFunction } from './function.js';
import { num } from './support/args.js';

export const abs = defineVrlFunction({
  name: 'abs',
  summary: 'The absolute value of `value` (an integer or a float).',
  params: [{ name: 'value', kinds: ['integer', 'float'], required: true }],
  returns: ['integer', 'float'],
  fallible: false,
  examples: [
    { title: 'Computes the absolute value of the integer', source: 'abs(-42)', result: 42 },
    { title: 'Computes the absolute value of the float', source: 'abs(-42.2)', result: 42.2 },
    { title: 'Positive values are unchanged', source: 'abs(7)', result: 7 },
  ],
  call(args) {
    const v = num(args, 'value');
    return typeof v === 'bigint' ? (v < 0n ? -v : v) : Math.abs(v);
  },
});
