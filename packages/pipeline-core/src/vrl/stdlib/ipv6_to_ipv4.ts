import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { formatIp, parseIp } from './support/ip.js';

export const ipv6_to_ipv4 = defineVrlFunction({
  name: 'ipv6_to_ipv4',
  summary: 'Converts an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`) IPv6 address to IPv4; IPv4 is returned as is; other IPv6 addresses fail.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'IPv6 to IPv4', source: 'ipv6_to_ipv4!("::ffff:192.168.0.1")', result: '192.168.0.1' },
    { title: 'Not convertible', source: 'ipv6_to_ipv4!("2001:db8::1")', result: { error: 'IPV6 address 2001:db8::1 is not compatible with IPV4' } },
  ],
  call(args) {
    const text = str(args, 'value');
    const ip = parseIp(text);
    if (ip === undefined) throw new VrlFunctionError('unable to parse IP address: invalid IP address syntax');
    if (ip.width === 32) return text;
    const high = ip.bits >> 32n;
    if (high !== 0n && high !== 0xffffn) throw new VrlFunctionError(`IPV6 address ${text} is not compatible with IPV4`);
    return formatIp({ bits: ip.bits & 0xffffffffn, width: 32 });
  },
});
