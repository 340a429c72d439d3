/**
 * The one duration parser (humantime's grammar, as GreptimeDB accepts for `ttl`, `timeout`, ...):
 * one or more `<integer><unit>` parts, optionally separated by spaces: `1d`, `7d 12h`, `1h30m`, `500ms`.
 * Units: ns, us/µs, ms, s/sec/secs/second/seconds, m/min/mins/minute/minutes, h/hr/hrs/hour/hours,
 * d/day/days, w/week/weeks, M/month/months (30.44 d), y/year/years (365.25 d).
 */
const UNIT_MS: Record<string, number> = {
  ns: 1e-6, nsec: 1e-6, nanos: 1e-6,
  us: 1e-3, 'µs': 1e-3, usec: 1e-3, micros: 1e-3,
  ms: 1, msec: 1, millis: 1,
  s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000,
  m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000,
  h: 3_600_000, hr: 3_600_000, hrs: 3_600_000, hour: 3_600_000, hours: 3_600_000,
  d: 86_400_000, day: 86_400_000, days: 86_400_000,
  w: 604_800_000, week: 604_800_000, weeks: 604_800_000,
  M: 2_630_016_000, month: 2_630_016_000, months: 2_630_016_000,
  y: 31_557_600_000, year: 31_557_600_000, years: 31_557_600_000,
};

export class DurationSyntaxError extends Error {
  override name = 'DurationSyntaxError';
}

/** Milliseconds in a duration text; throws DurationSyntaxError naming the offending part. */
export function parseDuration(text: string): number {
  const s = text.trim();
  if (s === '') throw new DurationSyntaxError('empty duration');
  const re = /(\d+)\s*([a-zA-Zµ]+)\s*/gy;
  let total = 0;
  let pos = 0;
  while (pos < s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (!m) throw new DurationSyntaxError(`invalid duration '${text}' at position ${pos}: expected <number><unit> such as 30s, 5m, 1d`);
    const unit = UNIT_MS[m[2]!];
    if (unit === undefined) throw new DurationSyntaxError(`invalid duration '${text}': unknown unit '${m[2]}' (use ns, us, ms, s, m, h, d, w, M, y)`);
    total += Number(m[1]) * unit;
    pos = re.lastIndex;
  }
  return total;
}

/** Formats milliseconds back to a compact humantime text (`90000` → `1m 30s`). */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000], ['ms', 1]] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) {
      parts.push(`${n}${unit}`);
      rest -= n * size;
    }
  }
  return parts.join(' ');
}
