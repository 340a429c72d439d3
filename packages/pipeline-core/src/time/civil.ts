/**
 * Proleptic Gregorian calendar arithmetic on plain numbers (Howard Hinnant's algorithms), so the
 * hot paths never allocate a Date. Days count from 1970-01-01; weekdays are 0 = Monday .. 6 = Sunday.
 */

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const CUM = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a valid (year, month 1-12, day 1-31). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = m > 2 ? m - 3 : m + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function civilFromDays(z0: number): CivilDate {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Monday .. 6 = Sunday. */
export function weekdayFromDays(days: number): number {
  return (((days + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** Day of the year, 1-based. */
export function ordinalOf(y: number, m: number, d: number): number {
  return CUM[m - 1]! + d + (m > 2 && isLeapYear(y) ? 1 : 0);
}

/** Days since 1970-01-01 of (year, ordinal day 1-366); undefined when the ordinal is past the year's end. */
export function daysFromOrdinal(y: number, ordinal: number): number | undefined {
  if (ordinal < 1 || ordinal > (isLeapYear(y) ? 366 : 365)) return undefined;
  return daysFromCivil(y, 1, 1) + ordinal - 1;
}

export interface IsoWeek {
  isoYear: number;
  week: number;
}

/** ISO 8601 week-numbering year and week of a day. */
export function isoWeekOf(days: number): IsoWeek {
  const wd = weekdayFromDays(days);
  const thursday = days - wd + 3;
  const { year } = civilFromDays(thursday);
  const week = Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
  return { isoYear: year, week };
}

/** Days of the Monday-based weekday `wd` in ISO week `week` of `isoYear`; undefined when the week does not exist. */
export function daysFromIsoWeek(isoYear: number, week: number, wd: number): number | undefined {
  const jan4 = daysFromCivil(isoYear, 1, 4);
  const week1Monday = jan4 - weekdayFromDays(jan4);
  const days = week1Monday + (week - 1) * 7 + wd;
  return week >= 1 && isoWeekOf(days).isoYear === isoYear ? days : undefined;
}

/** Week of the year where week 1 starts at the first `startWd` (6 = Sunday for %U, 0 = Monday for %W). */
export function weekNumber(days: number, year: number, startWd: number): number {
  const ord = days - daysFromCivil(year, 1, 1); // 0-based
  const wd = (weekdayFromDays(days) - startWd + 7) % 7;
  return Math.floor((ord + 7 - wd) / 7);
}
