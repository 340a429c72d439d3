import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { formatIp, parseIp } from './support/ip.js';

export const ip_to_ipv6 = defineVrlFunction({
  name: 'ip_to_ipv6',
  summary: 'Converts the IP address `value` to IPv6: an IPv4 address becomes its IPv4-mapped form `::ffff:a.b.c.d`; IPv6 is returned as is.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'IPv4 to IPv6', source: 'ip_to_ipv6!("192.168.10.32")', result: '::ffff:192.168.10.32' },
    { title: 'IPv6 stays', source: 'ip_to_ipv6!("2001:db8::1")', result: '2001:db8::1' },
    { title: 'Invalid address', source: 'ip_to_ipv6!("nope")', result: { error: 'unable to parse IP address' } },
  ],
  call(args) {
    const text = str(args, 'value');
    const ip = parseIp(text);
    if (ip === undefined) throw new VrlFunctionError('unable to parse IP address: invalid IP address syntax');
    return ip.width === 128 ? text : formatIp({ bits: 0xffff00000000n | ip.bits, width: 128 });
  },
});
