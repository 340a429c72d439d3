import ipaddr from 'ipaddr.js';
import { mapRows } from '../expr/compiled.js';
import { SqlExecutionError, SqlInvalidArgumentError } from '../errors.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';
import type { ScalarFunction } from './function.js';

/**
 * GreptimeDB's IP address functions: IPv4 as UInt32 numbers and dotted text, IPv6 as 32 hex digits
 * and text (printed as Rust prints an `Ipv6Addr`), CIDR building and range tests. Parsing is
 * ipaddr.js's; IPv4 text is strict (four decimal octets), as Rust's `Ipv4Addr::from_str` is.
 */

const MAX_TEXT = 64;

function text(fn: string, v: SqlValue): string {
  const s = String(v);
  if (s.length > MAX_TEXT) throw new SqlInvalidArgumentError(`${fn}: address longer than ${MAX_TEXT} characters`);
  return s;
}

/** Four decimal octets without leading zeros, or undefined. */
function parseV4(s: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return undefined;
  let n = 0;
  for (const part of m.slice(1)) {
    if (part.length > 1 && part.startsWith('0')) return undefined;
    const o = Number(part);
    if (o > 255) return undefined;
    n = n * 256 + o;
  }
  return n;
}

const v4Text = (n: number): string => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

function parseV6(s: string): number[] | undefined {
  if (!s.includes(':') || !ipaddr.IPv6.isValid(s) || s.includes('%')) return undefined;
  return ipaddr.IPv6.parse(s).toByteArray();
}

/** An IPv6 address as Rust's `Ipv6Addr` displays it: `::ffff:a.b.c.d` for mapped IPv4, else RFC 5952. */
function v6Text(bytes: readonly number[]): string {
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255) return `::ffff:${bytes.slice(12).join('.')}`;
  const seg = Array.from({ length: 8 }, (_, i) => bytes[2 * i]! * 256 + bytes[2 * i + 1]!);
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (seg[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && seg[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = (xs: number[]) => xs.map((x) => x.toString(16)).join(':');
  if (bestLen < 2) return hex(seg);
  return `${hex(seg.slice(0, best))}::${hex(seg.slice(best + bestLen))}`;
}

const invalid = (fn: string, what: string, s: string) => new SqlExecutionError(`Execution error: ${fn}: Invalid ${what}: ${s}`);

function v4Num(fn: string, v: SqlValue): number {
  const s = text(fn, v).trim();
  const n = parseV4(s);
  if (n === undefined) throw invalid(fn, 'IPv4 address format', s);
  return n;
}

/** `192`, `192.168`, `192.168.1` complete with zero octets (GreptimeDB's CIDR helpers). */
function completedV4(fn: string, s: string): number {
  const dots = (s.match(/\./g) ?? []).length;
  const n = parseV4(dots >= 3 ? s : s + '.0'.repeat(3 - dots));
  if (n === undefined) throw invalid(fn, 'IPv4 address', s);
  return n;
}

function completedV6(fn: string, s: string): number[] {
  const b = parseV6(s) ?? parseV6(s.endsWith(':') ? `${s}:` : s.includes('::') ? s : `${s}::`);
  if (b === undefined) throw invalid(fn, 'IPv6 address', s);
  return b;
}

const maskV4 = (n: number, bits: number): number => (bits === 0 ? 0 : (n & (0xffffffff << (32 - bits))) >>> 0);

function maskV6(b: readonly number[], bits: number): number[] {
  return b.map((x, i) => (i * 8 + 8 <= bits ? x : i * 8 >= bits ? 0 : x & (0xff << (8 - (bits - i * 8))) & 255));
}

function prefixOf(fn: string, v: SqlValue, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 255) throw new SqlExecutionError(`Cast error: Can't cast value ${String(v)} to type UInt8`);
  if (n > max) throw new SqlExecutionError(`Execution error: ${fn}: prefix length ${n} is over ${max}`);
  return n;
}

/** GreptimeDB's automatic IPv4 prefix: from the octets written, else the whole trailing zero bytes. */
function autoV4(s: string, n: number): number {
  const dots = (s.match(/\./g) ?? []).length;
  if (dots < 3) return 8 * (dots + 1);
  if (n === 0) return 0;
  let tz = 0;
  while (((n >>> tz) & 1) === 0) tz++;
  return 32 - Math.floor(tz / 8) * 8;
}

/** GreptimeDB's automatic IPv6 prefix, special cases included (2001:db8:… is /32, ::1 /128, fe80:: /16). */
function autoV6(b: readonly number[]): number {
  const t = v6Text(b);
  if (t.startsWith('2001:db8:')) return 32;
  if (t === '::1') return 128;
  if (t.startsWith('fe80::')) return 16;
  let subnet = 128;
  for (let i = 7; i >= 0; i--) {
    const seg = b[2 * i]! * 256 + b[2 * i + 1]!;
    if (seg !== 0) {
      subnet = (seg & 0xff) === 0 ? i * 16 + 8 : (i + 1) * 16;
      break;
    }
  }
  return subnet < 16 ? 64 : subnet;
}

function cidrParts(fn: string, v: SqlValue, v6: boolean): { bytes: number[] | number; bits: number } {
  const s = text(fn, v).trim();
  const slash = s.indexOf('/');
  if (slash < 0) throw invalid(fn, 'CIDR notation', s);
  const bits = Number(s.slice(slash + 1));
  const addr = s.slice(0, slash);
  const max = v6 ? 128 : 32;
  if (!/^\d+$/.test(s.slice(slash + 1)) || bits > max) throw invalid(fn, 'CIDR notation', s);
  if (v6) {
    const b = parseV6(addr);
    if (b === undefined) throw invalid(fn, 'CIDR notation', s);
    return { bytes: b, bits };
  }
  const n = parseV4(addr);
  if (n === undefined) throw invalid(fn, 'CIDR notation', s);
  return { bytes: n, bits };
}

function fn(name: string, signature: string, min: number, max: number, type: SqlType, impl: (...v: SqlValue[]) => SqlValue): ScalarFunction {
  return { name, signature, minArgs: min, maxArgs: max, bind: (args) => mapRows(type, args, impl) };
}

function v4NumToString(name: string): ScalarFunction {
  return fn(name, `${name}(uint32)`, 1, 1, 'string', (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new SqlExecutionError(`Execution error: ${name}: ${String(v)} is not an IPv4 number (0 to 4294967295)`);
    return v4Text(n);
  });
}

export const IP_FUNCTIONS: readonly ScalarFunction[] = [
  v4NumToString('ipv4_num_to_string'),
  v4NumToString('inet_ntoa'),
  fn('ipv4_string_to_num', 'ipv4_string_to_num(text)', 1, 1, 'uint32', (v) => v4Num('ipv4_string_to_num', v)),
  fn('inet_aton', 'inet_aton(text)', 1, 1, 'uint32', (v) => v4Num('inet_aton', v)),
  fn('ipv4_to_cidr', 'ipv4_to_cidr(text[, prefix])', 1, 2, 'string', (v, p) => {
    const s = text('ipv4_to_cidr', v).trim();
    if (s === '') throw new SqlExecutionError('Execution error: ipv4_to_cidr: Empty IPv4 address');
    const n = completedV4('ipv4_to_cidr', s);
    const bits = p === undefined ? autoV4(s, n) : prefixOf('ipv4_to_cidr', p, 32);
    return `${v4Text(maskV4(n, bits))}/${bits}`;
  }),
  fn('ipv6_to_cidr', 'ipv6_to_cidr(text[, prefix])', 1, 2, 'string', (v, p) => {
    const s = text('ipv6_to_cidr', v).trim();
    if (s === '') throw new SqlExecutionError('Execution error: ipv6_to_cidr: Empty IPv6 address');
    const b = completedV6('ipv6_to_cidr', s);
    const bits = p === undefined ? autoV6(b) : prefixOf('ipv6_to_cidr', p, 128);
    return `${v6Text(maskV6(b, bits))}/${bits}`;
  }),
  fn('ipv6_num_to_string', 'ipv6_num_to_string(hex)', 1, 1, 'string', (v) => {
    const h = text('ipv6_num_to_string', v).toLowerCase();
    if (h.length !== 32) throw new SqlExecutionError(`Execution error: expecting 32 hex characters, got ${h.length}`);
    if (!/^[0-9a-f]{32}$/.test(h)) throw new SqlExecutionError(`Execution error: ipv6_num_to_string: Invalid hex characters in '${h}'`);
    return v6Text(Array.from({ length: 16 }, (_, i) => parseInt(h.slice(2 * i, 2 * i + 2), 16)));
  }),
  fn('ipv6_string_to_num', 'ipv6_string_to_num(text)', 1, 1, 'binary', (v) => {
    const s = text('ipv6_string_to_num', v);
    const n4 = parseV4(s);
    const b = parseV6(s) ?? (n4 !== undefined ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, n4 >>> 24, (n4 >>> 16) & 255, (n4 >>> 8) & 255, n4 & 255] : undefined);
    if (b === undefined) throw new SqlExecutionError(`Execution error: Invalid IPv6 address format: ${s}`);
    return Uint8Array.from(b);
  }),
  fn('ipv4_in_range', 'ipv4_in_range(ip, cidr)', 2, 2, 'boolean', (ip, cidr) => {
    const n = v4Num('ipv4_in_range', ip);
    const { bytes, bits } = cidrParts('ipv4_in_range', cidr, false);
    return maskV4(n, bits) === maskV4(bytes as number, bits);
  }),
  fn('ipv6_in_range', 'ipv6_in_range(ip, cidr)', 2, 2, 'boolean', (ip, cidr) => {
    const s = text('ipv6_in_range', ip).trim();
    const b = parseV6(s);
    if (b === undefined) throw invalid('ipv6_in_range', 'IPv6 address', s);
    const { bytes, bits } = cidrParts('ipv6_in_range', cidr, true);
    const x = maskV6(b, bits);
    const y = maskV6(bytes as number[], bits);
    return x.every((o, i) => o === y[i]);
  }),
];
