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
