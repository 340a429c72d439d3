import { defineVrlFunction, VrlFunctionError } from './function.js';
import { expected, str } from './support/args.js';
import { cidrContains, parseCidr, parseIp } from './support/ip.js';

export const ip_cidr_contains = defineVrlFunction({
  name: 'ip_cidr_contains',
  summary: 'Is the IP address `value` (IPv4 or IPv6) inside the subnet `cidr` (or any of an array of subnets)?',
  params: [
    { name: 'cidr', kinds: ['bytes', 'array'], required: true },
    { name: 'value', kinds: ['bytes'], required: true },
  ],
  returns: ['boolean'],
  fallible: true,
  examples: [
    { title: 'IPv4 contains CIDR', source: 'ip_cidr_contains!("192.168.0.0/16", "192.168.10.32")', result: true },
    { title: 'IPv4 is private', source: 'ip_cidr_contains!(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"], "192.168.10.32")', result: true },
    { title: 'IPv6 contains CIDR', source: 'ip_cidr_contains!("2001:4f8:4:ba::/64", "2001:4f8:4:ba:2e0:81ff:fe22:d1f1")', result: true },
    { title: 'Not in the subnet', source: 'ip_cidr_contains!("10.0.0.0/8", "11.0.0.1")', result: false },
    { title: 'Invalid address', source: 'ip_cidr_contains!("192.168.0.0/24", "INVALID")', result: { error: 'unable to parse IP address: invalid IP address syntax' } },
  ],
  call(args) {
    const ipText = str(args, 'value');
    const ip = parseIp(ipText);
    if (ip === undefined) throw new VrlFunctionError('unable to parse IP address: invalid IP address syntax');
    const c = args['cidr'];
    const list = Array.isArray(c) ? c : [c];
    for (const item of list) {
      if (typeof item !== 'string') throw expected('string', item ?? null);
      if (cidrContains(parseCidr(item), ip)) return true;
    }
    return false;
  },
});
