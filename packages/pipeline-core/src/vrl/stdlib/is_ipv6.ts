import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseIp } from './support/ip.js';

export const is_ipv6 = defineVrlFunction({
  name: 'is_ipv6',
  summary: 'Is `value` an IPv6 address (full, compressed, or with an IPv4 tail)?',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid IPv6 address', source: 'is_ipv6("2001:0db8:85a3:0000:0000:8a2e:0370:7334")', result: true },
    { title: 'Valid IPv4 address', source: 'is_ipv6("10.0.102.37")', result: false },
    { title: 'Compressed form', source: 'is_ipv6("::1")', result: true },
  ],
  call: (args) => parseIp(str(args, 'value'))?.width === 128,
});
