/** Prometheus durations (`1h30m`, `5m`, `250ms`, `1y2w`): the one parser and printer for PromQL and the HTTP API. */

const UNITS: readonly [string, number][] = [
  ['y', 365 * 86_400_000], ['w', 7 * 86_400_000], ['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000], ['ms', 1],
];
const DURATION_RE = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;

/** Milliseconds of a Prometheus duration string, or undefined when it is not one. */
export function parsePromDuration(text: string): number | undefined {
  if (text === '0') return 0;
  if (text === '') return undefined;
  const m = DURATION_RE.exec(text);
  if (!m) return undefined;
  let ms = 0;
  for (let i = 0; i < UNITS.length; i++) if (m[i + 1] !== undefined) ms += Number(m[i + 1]) * UNITS[i]![1];
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** Prints milliseconds as Prometheus does (`90d` rather than `12w6d`; years and weeks only when exact). */
export function formatPromDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = Math.abs(ms);
  let out = ms < 0 ? '-' : '';
  for (const [unit, mult] of UNITS) {
    if ((unit === 'y' || unit === 'w') && rest % mult !== 0) continue;
    const v = Math.floor(rest / mult);
    if (v > 0) {
      out += `${v}${unit}`;
      rest -= v * mult;
    }
  }
  return out;
}
