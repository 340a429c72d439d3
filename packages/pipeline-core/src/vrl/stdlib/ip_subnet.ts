import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { formatIp, parseIp } from './support/ip.js';

function prefixLength(subnet: string, width: 32 | 128): number {
  if (subnet.startsWith('/')) {
    const n = Number(subnet.slice(1));
    if (!/^\/\d{1,3}$/.test(subnet) || n > width) throw new VrlFunctionError(`invalid subnet ${JSON.stringify(subnet)}: prefix must be /0 to /${width}`);
    return n;
  }
  const mask = parseIp(subnet);
  if (mask === undefined || mask.width !== width) throw new VrlFunctionError(`invalid subnet ${JSON.stringify(subnet)}: expected /N or a mask of the same address family`);
  const ones = mask.bits.toString(2).padStart(width, '0');
  if (!/^1*0*$/.test(ones)) throw new VrlFunctionError(`invalid subnet mask ${subnet}: the ones must come first`);
  return ones.indexOf('0') < 0 ? width : ones.indexOf('0');
}

export const ip_subnet = defineVrlFunction({
  name: 'ip_subnet',
  summary: 'The network address of the IP `value` in `subnet`, given as a prefix length (`/24`) or a mask (`255.255.255.0`).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'subnet', kinds: ['bytes'], required: true },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'IPv4 subnet', source: 'ip_subnet!("192.168.10.32", "255.255.255.0")', result: '192.168.10.0' },
    { title: 'IPv6 subnet', source: 'ip_subnet!("2404:6800:4003:c02::64", "/32")', result: '2404:6800::' },
    { title: 'Bad mask', source: 'ip_subnet!("10.0.0.1", "255.0.255.0")', result: { error: 'invalid subnet mask' } },
  ],
  call(args) {
    const ip = parseIp(str(args, 'value'));
    if (ip === undefined) throw new VrlFunctionError('unable to parse IP address: invalid IP address syntax');
    const prefix = prefixLength(str(args, 'subnet'), ip.width);
    const w = BigInt(ip.width);
    const mask = prefix === 0 ? 0n : ((1n << w) - 1n) ^ ((1n << (w - BigInt(prefix))) - 1n);
    return formatIp({ bits: ip.bits & mask, width: ip.width });
  },
});
