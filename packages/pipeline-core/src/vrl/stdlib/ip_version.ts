import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { parseIp } from './support/ip.js';

export const ip_version = defineVrlFunction({
  name: 'ip_version',
  summary: 'The version of the IP address `value`: `IPv4` or `IPv6`.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Get IPv4 version', source: 'ip_version!("192.168.0.1")', result: 'IPv4' },
    { title: 'Get IPv6 version', source: 'ip_version!("::1")', result: 'IPv6' },
    { title: 'Invalid address', source: 'ip_version!("foo")', result: { error: 'unable to parse IP address' } },
  ],
  call(args) {
    const ip = parseIp(str(args, 'value'));
    if (ip === undefined) throw new VrlFunctionError('unable to parse IP address: invalid IP address syntax');
    return ip.width === 32 ? 'IPv4' : 'IPv6';
  },
});
