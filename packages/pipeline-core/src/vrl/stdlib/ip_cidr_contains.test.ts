import { describe, expect, it } from 'vitest';
import { ip_cidr_contains } from './ip_cidr_contains.js';
import { invoke } from './support/invoke.js';

const contains = (cidr: string | string[], value: string) => invoke(ip_cidr_contains, { cidr, value });

describe('ip_cidr_contains', () => {
  it('checks IPv4 prefixes at their boundaries', () => {
    expect(contains('192.168.0.0/24', '192.168.0.255')).toBe(true);
    expect(contains('192.168.0.0/24', '192.168.1.0')).toBe(false);
    expect(contains('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(contains('10.1.2.3/32', '10.1.2.3')).toBe(true);
    expect(contains('10.1.2.3', '10.1.2.4')).toBe(false);
  });

  it('checks IPv6, including compressed forms and an embedded IPv4 tail', () => {
    expect(contains('::ffff:0:0/96', '::ffff:192.168.1.1')).toBe(true);
    expect(contains('fe80::/10', 'fe80::1')).toBe(true);
    expect(contains('fe80::/10', 'fec0::1')).toBe(false);
    expect(contains('2001:db8::/32', '2001:0db8:0000:0000:0000:0000:0000:0001')).toBe(true);
  });

  it('never matches across address families', () => {
    expect(contains('::/0', '1.2.3.4')).toBe(false);
  });

  it('rejects bad addresses and bad subnets', () => {
    expect(() => contains('10.0.0.0/8', '10.0.0.256')).toThrow('unable to parse IP address');
    expect(() => contains('10.0.0.0/8', '1::2::3')).toThrow('unable to parse IP address');
    expect(() => contains('10.0.0.0/33', '10.0.0.1')).toThrow('unable to parse CIDR');
    expect(() => contains(['10.0.0.0/8', 'nope'], '11.0.0.1')).toThrow('unable to parse CIDR');
  });
});
