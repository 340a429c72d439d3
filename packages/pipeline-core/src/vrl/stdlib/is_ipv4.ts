import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseIp } from './support/ip.js';

export const is_ipv4 = defineVrlFunction({
  name: 'is_ipv4',
  summary: 'Is `value` an IPv4 address in dotted-decimal form?',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid IPv4 address', source: 'is_ipv4("10.0.102.37")', result: true },
    { title: 'Valid IPv6 address', source: 'is_ipv4("2001:0db8:85a3:0000:0000:8a2e:0370:7334")', result: false },
    { title: 'Arbitrary string', source: 'is_ipv4("foobar")', result: false },
  ],
  call: (args) => parseIp(str(args, 'value'))?.width === 32,
});
