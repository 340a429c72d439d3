import { defineVrlFunction, VrlFunctionError } from './function.js';
import { int } from './support/args.js';

export const ip_ntoa = defineVrlFunction({
  name: 'ip_ntoa',
  summary: 'Converts the integer `value` (0 to 2^32-1, network byte order) to a dotted IPv4 address.',
  params: [{ name: 'value', kinds: ['integer'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Integer to IPv4', source: 'ip_ntoa!(16909060)', result: '1.2.3.4' },
    { title: 'Out of range', source: 'ip_ntoa!(4294967296)', result: { error: 'cannot convert to IPv4' } },
  ],
  call(args) {
    const v = int(args, 'value');
    if (v < 0 || v > 0xffffffff) throw new VrlFunctionError(`cannot convert to IPv4: ${v} is outside 0..4294967295`);
    return [24, 16, 8, 0].map((s) => Math.floor(v / 2 ** s) % 256).join('.');
  },
});
