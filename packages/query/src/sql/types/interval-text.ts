import { parseDuration } from '@sluice/pipeline-core';

const NS: Record<string, bigint> = {
  nanosecond: 1n, microsecond: 1_000n, millisecond: 1_000_000n, second: 1_000_000_000n,
  minute: 60_000_000_000n, hour: 3_600_000_000_000n, day: 86_400_000_000_000n, week: 604_800_000_000_000n,
};
const ALIASES: Record<string, string> = {
  ns: 'nanosecond', nanos: 'nanosecond', us: 'microsecond', µs: 'microsecond', micros: 'microsecond', ms: 'millisecond',
  millis: 'millisecond', s: 'second', sec: 'second', secs: 'second', m: 'minute', min: 'minute', mins: 'minute',
  h: 'hour', hr: 'hour', hrs: 'hour', d: 'day', w: 'week', mon: 'month', mons: 'month', y: 'year', yr: 'year', yrs: 'year',
  decade: 'decade', century: 'century', millennium: 'millennium',
};
const MONTHS: Record<string, number> = { month: 1, year: 12, decade: 120, century: 1200, millennium: 12000 };

function unitName(u: string): string {
  const l = u.toLowerCase();
  if (ALIASES[l]) return ALIASES[l]!;
  const singular = l.endsWith('s') ? l.slice(0, -1) : l;
  return ALIASES[singular] ?? singular;
}

/**
 * Interval text as GreptimeDB (DataFusion) reads it: `1 year 2 months 3 days 4 hours`, `1.5 year`, `-2 months`,
 * and compact forms (`1h30m`). Years and months are calendar months; a fractional month spills into 30-day
 * days, a fractional day into nanoseconds. Throws with a reason on anything else.
 */
export function parseIntervalText(text: string): { months: number; ns: bigint } {
  const t = text.trim();
  const iso = isoDuration(t);
  if (iso !== undefined) return { months: 0, ns: iso };
  const re = /([+-]?\d+(?:\.\d+)?|[+-]?\.\d+)\s*([A-Za-zµ]+)/gy;
  let months = 0;
  let ns = 0n;
  let m: RegExpExecArray | null;
  let at = 0;
  let parsed = 0;
  while (at < t.length) {
    re.lastIndex = at;
    m = re.exec(t);
    if (!m) break;
    const n = Number(m[1]);
    const unit = unitName(m[2]!);
    if (MONTHS[unit] !== undefined) {
      const total = n * MONTHS[unit]!;
      const whole = Math.trunc(total);
      months += whole;
      ns += BigInt(Math.round((total - whole) * 30 * 86_400e9));
    } else if (NS[unit] !== undefined) {
      ns += BigInt(Math.round(n * Number(NS[unit]!)));
    } else {
      throw new Error(`unknown unit '${m[2]}'`);
    }
    parsed++;
    at = re.lastIndex;
    while (at < t.length && /[\s,]/.test(t[at]!)) at++;
  }
  if (parsed > 0 && at >= t.length) return { months, ns };
  // Compact durations (`1h30m`) through the one duration parser.
  const ms = parseDuration(t.replace(/(\d)\s+(?=[a-zA-Zµ])/g, '$1'));
  return { months: 0, ns: BigInt(Math.round(ms * 1_000_000)) };
}

const ISO = /^([+-])?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;
const DAY_NS = 86_400_000_000_000;
const ISO_NS = [365 * DAY_NS, 30 * DAY_NS, 7 * DAY_NS, DAY_NS, 3_600e9, 60e9, 1e9];

/**
 * An ISO 8601 duration (`P3Y3M700DT133H17M36.789S`, case-insensitive, optionally signed) in nanoseconds:
 * GreptimeDB reads it as a fixed duration, a year 365 days and a month 30 days. Undefined when `t` is not one.
 */
function isoDuration(t: string): bigint | undefined {
  const m = ISO.exec(t);
  if (!m || m.slice(2).every((x) => x === undefined) || /T$/i.test(t)) return undefined;
  let ns = 0n;
  for (let i = 0; i < ISO_NS.length; i++) {
    const v = m[i + 2];
    if (v === undefined) continue;
    const [whole, frac = ''] = v.split('.');
    ns += BigInt(whole!) * BigInt(ISO_NS[i]!) + BigInt(Math.round(Number(`0.${frac || '0'}`) * ISO_NS[i]!));
  }
  return m[1] === '-' ? -ns : ns;
}
