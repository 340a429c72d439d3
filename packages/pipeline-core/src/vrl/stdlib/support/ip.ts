import { VrlFunctionError } from '../function.js';

export interface IpAddress {
  readonly bits: bigint;
  readonly width: 32 | 128;
}

function parseV4(s: string): bigint | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  let v = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    v = (v << 8n) | BigInt(n);
  }
  return v;
}

function parseV6(s: string): bigint | undefined {
  let text = s;
  if (text.includes('.')) {
    // An embedded IPv4 tail (`::ffff:1.2.3.4`) becomes its two 16-bit groups.
    const lastColon = text.lastIndexOf(':');
    const v4 = parseV4(text.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): bigint[] | undefined => {
    if (h === '') return [];
    const out: bigint[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(BigInt('0x' + g));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<bigint>(missing).fill(0n), ...tail];
  return all.reduce((acc, g) => (acc << 16n) | g, 0n);
}

export function parseIp(s: string): IpAddress | undefined {
  const v4 = parseV4(s);
  if (v4 !== undefined) return { bits: v4, width: 32 };
  const v6 = s.includes(':') ? parseV6(s) : undefined;
  return v6 === undefined ? undefined : { bits: v6, width: 128 };
}

export interface Cidr {
  readonly network: IpAddress;
  readonly prefix: number;
}

export function parseCidr(s: string): Cidr {
  const slash = s.indexOf('/');
  const addr = parseIp(slash < 0 ? s : s.slice(0, slash));
  if (addr === undefined) throw new VrlFunctionError(`unable to parse CIDR: invalid address in ${JSON.stringify(s)}`);
  const prefixText = slash < 0 ? String(addr.width) : s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > addr.width) throw new VrlFunctionError(`unable to parse CIDR: invalid prefix length in ${JSON.stringify(s)}`);
  return { network: addr, prefix: Number(prefixText) };
}

export function cidrContains(c: Cidr, ip: IpAddress): boolean {
  if (c.network.width !== ip.width) return false;
  const shift = BigInt(ip.width - c.prefix);
  return c.network.bits >> shift === ip.bits >> shift;
}

/** The text form of an address: dotted IPv4, or RFC 5952 IPv6 (longest zero run compressed, IPv4-mapped kept dotted). */
export function formatIp(ip: IpAddress): string {
  if (ip.width === 32) return [24n, 16n, 8n, 0n].map((s) => String((ip.bits >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((ip.bits >> BigInt(112 - 16 * i)) & 0xffffn));
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${formatIp({ bits: ip.bits & 0xffffffffn, width: 32 })}`;
  }
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [bestStart, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}
