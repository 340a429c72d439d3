import { Timestamp } from '../value/timestamp.js';
import { daysFromCivil, daysInMonth } from './civil.js';

function digits(s: string, i: number, count: number): number {
  let v = 0;
  for (let j = 0; j < count; j++) {
    const c = s.charCodeAt(i + j) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}

/**
 * Parses RFC 3339 (`2024-05-25T20:16:37.217Z`, `...+08:00`) and the common SQL-ish form
 * `YYYY-MM-DD HH:MM:SS[.f]` with an optional offset (`Z`, `+hh:mm`, `+hhmm`; none = UTC).
 * The separator may be `T`, `t` or a space; fractions keep up to 9 digits exactly.
 * Returns undefined when the text is not such a timestamp.
 */
export function parseRfc3339(text: string): Timestamp | undefined {
  const s = text;
  const n = s.length;
  if (n < 19 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return undefined;
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 116 && sep !== 32) return undefined;
  const y = digits(s, 0, 4), mo = digits(s, 5, 2), d = digits(s, 8, 2), h = digits(s, 11, 2), mi = digits(s, 14, 2), sec = digits(s, 17, 2);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 60) return undefined;
  let i = 19;
  let nano = 0;
  if (s.charCodeAt(i) === 46) {
    i++;
    const start = i;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) {
      if (i - start < 9) nano = nano * 10 + (s.charCodeAt(i) - 48);
      i++;
    }
    const got = i - start;
    if (got === 0) return undefined;
    for (let k = Math.min(got, 9); k < 9; k++) nano *= 10;
  }
  let offset = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    if ((c === 90 || c === 122) && i + 1 === n) i++;
    else if (c === 43 || c === 45) {
      const oh = digits(s, i + 1, 2);
      const colon = s.charCodeAt(i + 3) === 58 ? 1 : 0;
      const om = digits(s, i + 3 + colon, 2);
      if (oh < 0 || oh > 23 || om < 0 || om > 59) return undefined;
      offset = (c === 45 ? -1 : 1) * (oh * 3600 + om * 60);
      i += 5 + colon;
    }
    if (i !== n) return undefined;
  }
  const seconds = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset;
  return new Timestamp(BigInt(seconds) * 1_000_000_000n + BigInt(nano), 'ns');
}
