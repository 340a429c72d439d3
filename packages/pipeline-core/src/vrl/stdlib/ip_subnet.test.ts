import { describe, expect, it } from 'vitest';
import { ip_subnet } from './ip_subnet.js';
import { ip_to_ipv6 } from './ip_to_ipv6.js';
import { ipv6_to_ipv4 } from './ipv6_to_ipv4.js';
import { formatIp, parseIp } from './support/ip.js';
import { invoke } from './support/invoke.js';

const canonical = (s: string) => formatIp(parseIp(s)!);

describe('IP formatting and subnets', () => {
  it('writes IPv6 in RFC 5952 form: lowercase, the longest zero run compressed, single zeros kept', () => {
    expect(canonical('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(canonical('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(canonical('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(canonical('::')).toBe('::');
    expect(canonical('::ffff:10.0.0.1')).toBe('::ffff:10.0.0.1');
  });

  it('masks with a prefix length or a mask, including /0 and the full width', () => {
    expect(invoke(ip_subnet, { value: '192.168.10.32', subnet: '/20' })).toBe('192.168.0.0');
    expect(invoke(ip_subnet, { value: '192.168.10.32', subnet: '/0' })).toBe('0.0.0.0');
    expect(invoke(ip_subnet, { value: '192.168.10.32', subnet: '/32' })).toBe('192.168.10.32');
    expect(invoke(ip_subnet, { value: 'fe80::1:2:3:4', subnet: '/64' })).toBe('fe80::');
    expect(() => invoke(ip_subnet, { value: '10.0.0.1', subnet: '/33' })).toThrow('invalid subnet');
    expect(() => invoke(ip_subnet, { value: '10.0.0.1', subnet: 'ffff::' })).toThrow('invalid subnet');
  });

  it('maps between IPv4 and IPv6', () => {
    expect(invoke(ip_to_ipv6, { value: '10.0.0.1' })).toBe('::ffff:10.0.0.1');
    expect(invoke(ipv6_to_ipv4, { value: '::10.0.0.1' })).toBe('10.0.0.1');
    expect(invoke(ipv6_to_ipv4, { value: '10.0.0.1' })).toBe('10.0.0.1');
  });
});
