import { defineVrlFunction, VrlFunctionError } from './function.js';
import { int, optInt } from './support/args.js';

export const format_int = defineVrlFunction({
  name: 'format_int',
  summary: 'Formats the integer `value` in base `base` (2 to 36, default 10).',
  params: [
    { name: 'value', kinds: ['integer'], required: true },
    { name: 'base', kinds: ['integer'], required: false, default: 10 },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Format as a hexadecimal integer', source: 'format_int!(42, 16)', result: '2a' },
    { title: 'Format as a negative hexadecimal integer', source: 'format_int!(-42, 16)', result: '-2a' },
    { title: 'Invalid base', source: 'format_int!(42, 40)', result: { error: 'invalid base 40' } },
  ],
  call(args) {
    const base = optInt(args, 'base') ?? 10;
    if (base < 2 || base > 36) throw new VrlFunctionError(`invalid base ${base}: must be between 2 and 36 (inclusive)`);
    const v = args['value'];
    return (typeof v === 'bigint' ? v : BigInt(int(args, 'value'))).toString(base);
  },
});
