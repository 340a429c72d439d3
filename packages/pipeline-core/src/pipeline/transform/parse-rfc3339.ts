import { Timestamp } from '../../value/timestamp.js';

const RE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses an RFC 3339 / ISO 8601 date-time (`2024-07-12T16:18:53.048Z`, `2024-07-12 16:18:53+08:00`,
 * `2024-07-12`) exactly to the nanosecond; text without an offset is UTC. Returns undefined when the
 * text is not such a date or names an impossible date.
 */
export function parseRfc3339(text: string): Timestamp | undefined {
  const m = RE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => (x === undefined ? undefined : Number(x))) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h > 23 || mi > 59 || s > 60) return undefined;
  const ms = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  if (new Date(Date.UTC(y!, mo! - 1, d!)).getUTCDate() !== d) return undefined;
  let offsetMin = 0;
  const z = m[8];
  if (z !== undefined && z.length > 1 && z !== 'UTC') {
    const sign = z[0] === '-' ? -1 : 1;
    const digits = z.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
  }
  const frac = m[7] === undefined ? 0n : BigInt(m[7].padEnd(9, '0'));
  const ns = BigInt(ms - offsetMin * 60_000) * 1_000_000n + frac;
  const unit = m[7] === undefined ? 's' : m[7].length <= 3 ? 'ms' : m[7].length <= 6 ? 'us' : 'ns';
  return new Timestamp(ns, unit);
}
