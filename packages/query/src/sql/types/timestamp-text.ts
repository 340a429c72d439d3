import { DateTime } from 'luxon';
import { SqlExecutionError, SqlInvalidArgumentError } from '../errors.js';

const RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses a timestamp text (`2026-03-01`, `2026-03-01 00:30:00`, `2026-03-01T00:30:00.123456789Z`,
 * `... +08:00`) into nanoseconds since the epoch. Texts without an offset are read in `timezone` (IANA, default UTC).
 * Returns undefined when the text is not a timestamp.
 */
export function parseTimestampText(text: string, timezone?: string): bigint | undefined {
  const m = RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', off] = m;
  if (!validFields(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s))) return undefined;
  const fracNs = BigInt(frac.padEnd(9, '0') || '0');
  let ms: number;
  if (off !== undefined || timezone === undefined || timezone === 'UTC') {
    ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    if (off !== undefined && off !== 'Z' && off !== 'z' && off !== 'UTC') {
      const sign = off[0] === '-' ? -1 : 1;
      const digits = off.slice(1).replace(':', '');
      const offMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
      ms -= sign * offMin * 60_000;
    }
  } else {
    const dt = DateTime.fromObject(
      { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s) },
      { zone: timezone },
    );
    if (!dt.isValid) throw new SqlInvalidArgumentError(`invalid timezone '${timezone}'`);
    ms = dt.toMillis();
  }
  if (Number.isNaN(ms)) return undefined;
  return BigInt(ms) * 1_000_000n + fracNs;
}

/** A calendar date and a time of day as written (no rollover: `1993-02-29` and `59:59:23` are not timestamps). */
function validFields(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

/** Like parseTimestampText but throws a cast error (3001, as GreptimeDB) naming the text. */
export function requireTimestampText(text: string, timezone?: string): bigint {
  const ns = parseTimestampText(text, timezone);
  if (ns === undefined) throw new SqlExecutionError(`Cast error: cannot parse '${text}' as a timestamp (expected e.g. '2026-03-01 00:30:00' or RFC 3339)`);
  return ns;
}
