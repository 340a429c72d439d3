import { daysFromCivil, daysFromIsoWeek, daysFromOrdinal, daysInMonth, civilFromDays, isoWeekOf, ordinalOf, weekdayFromDays, weekNumber } from './civil.js';

/**
 * The fields a strftime parse collected (chrono's `Parsed`), kept in one Float64Array per compiled
 * matcher (NaN = not set), and their resolution into an instant, following chrono's rules.
 */
export const S = {
  YEAR: 0, YDIV: 1, YMOD: 2, ISOY: 3, ISOYMOD: 4, MONTH: 5, DAY: 6, WSUN: 7, WMON: 8, ISOW: 9,
  /** 0 = Monday .. 6 = Sunday */
  WD: 10, ORD: 11, HDIV: 12, HMOD: 13, MIN: 14, SEC: 15, NANO: 16, TS: 17,
  /** seconds east of UTC */
  OFF: 18,
} as const;
export const SLOT_COUNT = 19;

/** Failure reasons (chrono's ParseErrorKind, worded for users). */
export const R = {
  TOO_SHORT: 'input is too short for the format',
  INVALID: 'input does not match the format',
  TOO_LONG: 'input has characters left over after the format',
  OUT_OF_RANGE: 'a value is out of range',
  NOT_ENOUGH: 'the format does not give enough fields for a date and time (year, month, day, hour and minute)',
  IMPOSSIBLE: 'the fields contradict each other',
} as const;
export type Reason = (typeof R)[keyof typeof R];

const unset = (v: number) => v !== v;

/** Years whose day counts stay far inside exact double arithmetic. */
const MAX_EXACT_YEAR = 1_000_000;

/** Stores a field; setting it twice to different values is IMPOSSIBLE. Returns a reason or undefined. */
export function setSlot(p: Float64Array, slot: number, v: number): Reason | undefined {
  const old = p[slot]!;
  if (old === old && old !== v) return R.IMPOSSIBLE;
  p[slot] = v;
  return undefined;
}

function resolveYear(y: number, div: number, mod: number): number | Reason {
  if (!unset(y)) {
    if (unset(div) && unset(mod)) return y;
    if (y < 0) return R.OUT_OF_RANGE;
    if ((!unset(div) && Math.floor(y / 100) !== div) || (!unset(mod) && y % 100 !== mod)) return R.IMPOSSIBLE;
    return y;
  }
  if (!unset(mod)) return unset(div) ? mod + (mod < 70 ? 2000 : 1900) : div * 100 + mod;
  return unset(div) ? NaN : R.NOT_ENOUGH;
}

/** Days since the epoch of the date the fields name, or a reason. */
export function resolveDate(p: Float64Array): number | Reason {
  const year = resolveYear(p[S.YEAR]!, p[S.YDIV]!, p[S.YMOD]!);
  if (typeof year === 'string') return year;
  const isoYear = resolveYear(p[S.ISOY]!, NaN, p[S.ISOYMOD]!);
  if (typeof isoYear === 'string') return isoYear;
  const month = p[S.MONTH]!, day = p[S.DAY]!, ord = p[S.ORD]!, wd = p[S.WD]!;
  let days: number | undefined;
  if (!unset(year) && !unset(month) && !unset(day)) {
    if (day > daysInMonth(year, month)) return R.OUT_OF_RANGE;
    days = daysFromCivil(year, month, day);
    // Only a year, month and day (the usual log format): a valid date converts back to itself, so
    // verifyDate could only agree. Skipped while the arithmetic is exact (any 7-digit year).
    if (unset(ord) && unset(wd) && unset(p[S.WSUN]!) && unset(p[S.WMON]!) && unset(isoYear) && unset(p[S.ISOW]!) && year >= -MAX_EXACT_YEAR && year <= MAX_EXACT_YEAR) return days;
  } else if (!unset(year) && !unset(ord)) {
    days = daysFromOrdinal(year, ord);
  } else if (!unset(year) && !unset(wd) && (!unset(p[S.WSUN]!) || !unset(p[S.WMON]!))) {
    const sunday = !unset(p[S.WSUN]!);
    const week = sunday ? p[S.WSUN]! : p[S.WMON]!;
    const jan1 = daysFromCivil(year, 1, 1);
    const start = sunday ? 6 : 0; // week 1 starts on the first Sunday (%U) or Monday (%W)
    const first = (start - weekdayFromDays(jan1) + 7) % 7;
    days = jan1 + first + (week - 1) * 7 + ((wd - start + 7) % 7);
    if (civilFromDays(days).year !== year) return R.OUT_OF_RANGE;
  } else if (!unset(isoYear) && !unset(p[S.ISOW]!) && !unset(wd)) {
    days = daysFromIsoWeek(isoYear, p[S.ISOW]!, wd);
  } else return R.NOT_ENOUGH;
  if (days === undefined) return R.OUT_OF_RANGE;
  return verifyDate(p, days, year, isoYear) ? days : R.IMPOSSIBLE;
}

/** Every field given must agree with the resolved date (chrono's verify_ymd/isoweekdate/ordinal). */
function verifyDate(p: Float64Array, days: number, year: number, isoYear: number): boolean {
  const c = civilFromDays(days);
  if (!unset(year) && year !== c.year) return false;
  if (!unset(p[S.MONTH]!) && p[S.MONTH] !== c.month) return false;
  if (!unset(p[S.DAY]!) && p[S.DAY] !== c.day) return false;
  if (!unset(p[S.ORD]!) && p[S.ORD] !== ordinalOf(c.year, c.month, c.day)) return false;
  if (!unset(p[S.WD]!) && p[S.WD] !== weekdayFromDays(days)) return false;
  if (!unset(p[S.WSUN]!) && p[S.WSUN] !== weekNumber(days, c.year, 6)) return false;
  if (!unset(p[S.WMON]!) && p[S.WMON] !== weekNumber(days, c.year, 0)) return false;
  if (!unset(isoYear) || !unset(p[S.ISOW]!)) {
    const iso = isoWeekOf(days);
    if (!unset(isoYear) && isoYear !== iso.isoYear) return false;
    if (!unset(p[S.ISOW]!) && p[S.ISOW] !== iso.week) return false;
  }
  return true;
}

/** Seconds into the day (60 for a leap second is kept: it lands on the next second, as chrono's timestamp does). */
export function resolveTimeOfDay(p: Float64Array): number | Reason {
  const div = p[S.HDIV]!, mod = p[S.HMOD]!, min = p[S.MIN]!;
  if (unset(div) || unset(mod) || unset(min)) return R.NOT_ENOUGH;
  const sec = unset(p[S.SEC]!) ? 0 : p[S.SEC]!;
  if (unset(p[S.SEC]!) && !unset(p[S.NANO]!)) return R.NOT_ENOUGH;
  return (div * 12 + mod) * 3600 + min * 60 + sec;
}

/** With `%s`, the other fields (if any) must agree with the timestamp read at `offset`. */
export function verifyTimestamp(p: Float64Array, ts: number, offset: number): boolean {
  const local = ts + offset;
  const days = Math.floor(local / 86400);
  const sod = local - days * 86400;
  const c = civilFromDays(days);
  const year = resolveYear(p[S.YEAR]!, p[S.YDIV]!, p[S.YMOD]!);
  if (typeof year === 'string' || (!unset(year) && year !== c.year)) return false;
  if (!unset(p[S.MONTH]!) && p[S.MONTH] !== c.month) return false;
  if (!unset(p[S.DAY]!) && p[S.DAY] !== c.day) return false;
  if (!unset(p[S.WD]!) && p[S.WD] !== weekdayFromDays(days)) return false;
  if (!unset(p[S.HMOD]!) && p[S.HMOD] !== Math.floor(sod / 3600) % 12) return false;
  if (!unset(p[S.HDIV]!) && p[S.HDIV] !== Math.floor(sod / 43200)) return false;
  if (!unset(p[S.MIN]!) && p[S.MIN] !== Math.floor((sod % 3600) / 60)) return false;
  if (!unset(p[S.SEC]!) && p[S.SEC] !== sod % 60) return false;
  return true;
}
