import type { NameTables } from './names.js';
import { NAME } from './strptime-ops.js';
import { R, type Reason } from './parsed.js';

/** Unicode White_Space (what Rust's `trim_start` skips). */
export function isWhitespace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);
const key3 = (a: number, b: number, c: number) => (lower(a) << 16) | (lower(b) << 8) | lower(c);

function keyTable(names: readonly string[]): Map<number, number> {
  return new Map(names.map((n, i) => [key3(n.charCodeAt(0), n.charCodeAt(1), n.charCodeAt(2)), i]));
}

/** Name tables prepared for scanning (built once per compiled matcher). */
export interface PreparedNames {
  readonly names: NameTables;
  readonly mon: Map<number, number>;
  readonly wd: Map<number, number>;
  readonly lists: string[][];
}

const tables = new WeakMap<NameTables, PreparedNames>();

export function prepareNames(names: NameTables): PreparedNames {
  let t = tables.get(names);
  if (!t) {
    const lo = (l: readonly string[]) => l.map((x) => x.toLowerCase());
    t = {
      names,
      mon: keyTable(names.monShort),
      wd: keyTable(names.wdShort),
      lists: [lo(names.monShort), lo(names.monLong), lo(names.wdShort), lo(names.wdLong), [names.am.toLowerCase(), names.pm.toLowerCase()]],
    };
    tables.set(names, t);
  }
  return t;
}

function matchesAt(s: string, i: number, lowerName: string): boolean {
  if (s.length - i < lowerName.length) return false;
  for (let j = 0; j < lowerName.length; j++) if (lower(s.charCodeAt(i + j)) !== lowerName.charCodeAt(j)) return false;
  return true;
}

function longest(s: string, i: number, lists: string[][]): number {
  let best = -1;
  let bestLen = 0;
  for (const list of lists) {
    for (let v = 0; v < list.length; v++) {
      const name = list[v]!;
      if (name.length > bestLen && (matchesAt(s, i, name) || s.slice(i, i + name.length).toLowerCase() === name)) {
        best = v;
        bestLen = name.length;
      }
    }
  }
  return best < 0 ? -1 : (i + bestLen) * 256 + best;
}

/**
 * Reads a month/weekday name or AM/PM at `i`. Returns `end * 256 + value` (month 0-11 becomes 1-12,
 * weekday 0 = Monday, am = 0 / pm = 1), or -1. English follows chrono: `%b`/`%a` read exactly three
 * letters, `%B`/`%A` read three letters and then the rest of the long name when present.
 */
export function scanName(s: string, i: number, t: PreparedNames, kind: number): number {
  const names = t.names;
  if (kind === NAME.AMPM) {
    if (matchesAt(s, i, 'am')) return (i + 2) * 256;
    if (matchesAt(s, i, 'pm')) return (i + 2) * 256 + 1;
    return names.english ? -1 : longest(s, i, [t.lists[4]!]);
  }
  const month = kind === NAME.MON_SHORT || kind === NAME.MON_ANY;
  const base = month ? 1 : 0;
  if (names.english) {
    if (s.length - i < 3) return -1;
    const v = (month ? t.mon : t.wd).get(key3(s.charCodeAt(i), s.charCodeAt(i + 1), s.charCodeAt(i + 2)));
    if (v === undefined) return -1;
    let end = i + 3;
    if (kind === NAME.MON_ANY || kind === NAME.WD_ANY) {
      const long = t.lists[month ? 1 : 3]![v]!;
      if (matchesAt(s, i, long)) end = i + long.length;
    }
    return end * 256 + v + base;
  }
  const lists = kind === NAME.MON_SHORT ? [t.lists[0]!] : kind === NAME.MON_ANY ? [t.lists[1]!, t.lists[0]!] : kind === NAME.WD_SHORT ? [t.lists[2]!] : [t.lists[3]!, t.lists[2]!];
  const hit = longest(s, i, lists);
  return hit < 0 ? -1 : hit + base;
}

/** Failure codes of `scanOffset`, and their reasons. */
export const OFFSET_ERR = { TOO_SHORT: -1, INVALID: -2, OUT_OF_RANGE: -3 } as const;
export const OFFSET_REASON: Record<number, Reason> = { [-1]: R.TOO_SHORT, [-2]: R.INVALID, [-3]: R.OUT_OF_RANGE };

/** The offset read by the last successful `scanOffset` (seconds east of UTC). */
export const scannedOffset = { value: 0 };

/**
 * chrono's `timezone_offset`: `+hh:mm`, `+hhmm`, `+hh mm` (`−` U+2212 accepted), with `Z`/`z` when
 * `allowZulu`, and `+hh` alone when `allowMissingMinutes`. Returns the end index, or a negative
 * OFFSET_ERR code (a number either way, so the hot path stays monomorphic).
 */
export function scanOffset(s: string, i: number, allowZulu: boolean, allowMissingMinutes: boolean): number {
  const n = s.length;
  if (i >= n) return OFFSET_ERR.TOO_SHORT;
  const c0 = s.charCodeAt(i);
  if (allowZulu && (c0 === 90 || c0 === 122)) {
    scannedOffset.value = 0;
    return i + 1;
  }
  if (c0 !== 43 && c0 !== 45 && c0 !== 0x2212) return OFFSET_ERR.INVALID;
  const neg = c0 !== 43;
  i++;
  if (n - i < 2) return OFFSET_ERR.TOO_SHORT;
  const h1 = s.charCodeAt(i) - 48, h2 = s.charCodeAt(i + 1) - 48;
  if (h1 < 0 || h1 > 9 || h2 < 0 || h2 > 9) return OFFSET_ERR.INVALID;
  i += 2;
  while (i < n && (s.charCodeAt(i) === 58 || isWhitespace(s.charCodeAt(i)))) i++;
  let minutes = 0;
  const m1 = s.charCodeAt(i) - 48, m2 = s.charCodeAt(i + 1) - 48;
  if (n - i >= 2 && m1 >= 0 && m1 <= 9 && m2 >= 0 && m2 <= 9) {
    if (m1 > 5) return OFFSET_ERR.OUT_OF_RANGE;
    minutes = m1 * 10 + m2;
    i += 2;
  } else if (!allowMissingMinutes) return n - i < 2 ? OFFSET_ERR.TOO_SHORT : OFFSET_ERR.INVALID;
  const sec = (h1 * 10 + h2) * 3600 + minutes * 60;
  if (sec >= 86400) return OFFSET_ERR.OUT_OF_RANGE; // chrono's FixedOffset holds less than a day
  scannedOffset.value = neg ? -sec : sec;
  return i;
}
