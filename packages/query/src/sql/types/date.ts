import { floorDiv } from './sql-value.js';
import { parseTimestampText } from './timestamp-text.js';

/** DATE values are whole days since 1970-01-01 (a JS integer), as Arrow's Date32. */
export const DAY_NS = 86_400_000_000_000n;

/** Days of a `YYYY-MM-DD` text (a timestamp text is truncated to its day, UTC), or undefined. */
export function parseDateText(text: string): number | undefined {
  const m = /^\s*([+-]?\d{1,6})-(\d{1,2})-(\d{1,2})\s*$/.exec(text);
  if (m) {
    const month = Number(m[2]);
    const day = Number(m[3]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
    const d = new Date(0);
    d.setUTCFullYear(Number(m[1]), month - 1, day);
    if (d.getUTCDate() !== day) return undefined;
    return Math.floor(d.getTime() / 86_400_000);
  }
  const ns = parseTimestampText(text);
  return ns === undefined ? undefined : Number(floorDiv(ns, DAY_NS));
}

/** `YYYY-MM-DD` of a day number. */
export function formatDate(days: number): string {
  const d = new Date(days * 86_400_000);
  const y = d.getUTCFullYear();
  const ys = y < 0 ? '-' + String(-y).padStart(4, '0') : String(y).padStart(4, '0');
  return `${ys}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}
