/**
 * A duration as the Rust `humantime` crate prints it, which is how GreptimeDB shows a TTL
 * (`SHOW CREATE TABLE ... ttl = '7days'`): years of 365.25 days, months of 30.44 days, then days,
 * `h`, `m`, `s`, `ms`, separated by spaces; `year`/`month`/`day` take a plural `s`.
 */
const YEAR_S = 31_557_600;
const MONTH_S = 2_630_016;

export function formatHumantime(ms: number): string {
  if (ms <= 0) return '0s';
  const secs = Math.floor(ms / 1000);
  const millis = ms - secs * 1000;
  const years = Math.floor(secs / YEAR_S);
  const ydays = secs % YEAR_S;
  const months = Math.floor(ydays / MONTH_S);
  const mdays = ydays % MONTH_S;
  const days = Math.floor(mdays / 86_400);
  const daySecs = mdays % 86_400;
  const parts: string[] = [];
  const plural = (n: number, unit: string) => n > 0 && parts.push(`${n}${unit}${n > 1 ? 's' : ''}`);
  const item = (n: number, unit: string) => n > 0 && parts.push(`${n}${unit}`);
  plural(years, 'year');
  plural(months, 'month');
  plural(days, 'day');
  item(Math.floor(daySecs / 3600), 'h');
  item(Math.floor((daySecs % 3600) / 60), 'm');
  item(daySecs % 60, 's');
  item(Math.round(millis), 'ms');
  return parts.join(' ');
}
