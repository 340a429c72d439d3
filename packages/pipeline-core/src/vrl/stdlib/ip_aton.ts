import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { parseIp } from './support/ip.js';

export const ip_aton = defineVrlFunction({
  name: 'ip_aton',
  summary: 'Converts the IPv4 address `value` to the integer it stands for (network byte order).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['integer'],
  fallible: true,
  examples: [
    { title: 'IPv4 to integer', source: 'ip_aton!("1.2.3.4")', result: 16909060 },
    { title: 'Not an IPv4 address', source: 'ip_aton!("::1")', result: { error: 'unable to parse IP address' } },
  ],
  call(args) {
    const ip = parseIp(str(args, 'value'));
    if (ip === undefined || ip.width !== 32) throw new VrlFunctionError('unable to parse IP address: invalid IPv4 address syntax');
    return Number(ip.bits);
  },
});
