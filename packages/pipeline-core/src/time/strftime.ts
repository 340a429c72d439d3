import type { Timestamp } from '../value/timestamp.js';
import { civilFromDays, isoWeekOf, ordinalOf, weekdayFromDays, weekNumber } from './civil.js';
import { TimeFormatError } from './errors.js';
import { ENGLISH } from './names.js';
import { tokenizeStrftime, type Item, type NumField, type Pad } from './strftime-items.js';
import { resolveTimeZone, type TimeZone } from './zone.js';

/** The broken-down time one format call works on. */
interface Fields {
  readonly utcSec: number;
  readonly nano: number;
  readonly offset: number;
  readonly days: number;
  readonly sod: number;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly zone: TimeZone;
}

const compiled = new Map<string, Item[]>();

function itemsOf(format: string): Item[] {
  let items = compiled.get(format);
  if (!items) {
    items = tokenizeStrftime(format);
    for (const it of items) {
      if (it.t === 'fixed' && it.kind === 'offsetPermissive') throw new TimeFormatError(format, "'%#z' can only be used for parsing");
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(format, items);
  }
  return items;
}

function pad(v: number, width: number, p: Pad): string {
  const s = String(Math.abs(v));
  const sign = v < 0 ? '-' : '';
  if (p === 'none' || s.length + sign.length >= width) return sign + s;
  return p === 'zero' ? sign + s.padStart(width - sign.length, '0') : (sign + s).padStart(width, ' ');
}

function yearText(v: number, p: Pad): string {
  if (v >= 0 && v < 10_000) return pad(v, 4, p);
  const sign = v < 0 ? '-' : '+';
  const s = String(Math.abs(v));
  return p === 'none' ? sign + s : p === 'zero' ? sign + s.padStart(4, '0') : (sign + s).padStart(5, ' ');
}

function numeric(field: NumField, f: Fields, p: Pad): string {
  const hour = Math.floor(f.sod / 3600);
  switch (field) {
    case 'year': return yearText(f.year, p);
    case 'yearDiv100': return pad(Math.floor(f.year / 100), 2, p);
    case 'yearMod100': return pad(((f.year % 100) + 100) % 100, 2, p);
    case 'isoYear': return yearText(isoWeekOf(f.days).isoYear, p);
    case 'isoYearMod100': return pad(((isoWeekOf(f.days).isoYear % 100) + 100) % 100, 2, p);
    case 'month': return pad(f.month, 2, p);
    case 'day': return pad(f.day, 2, p);
    case 'weekFromSun': return pad(weekNumber(f.days, f.year, 6), 2, p);
    case 'weekFromMon': return pad(weekNumber(f.days, f.year, 0), 2, p);
    case 'isoWeek': return pad(isoWeekOf(f.days).week, 2, p);
    case 'numDaysFromSun': return pad((weekdayFromDays(f.days) + 1) % 7, 1, p);
    case 'weekdayFromMon': return pad(weekdayFromDays(f.days) + 1, 1, p);
    case 'ordinal': return pad(ordinalOf(f.year, f.month, f.day), 3, p);
    case 'hour': return pad(hour, 2, p);
    case 'hour12': return pad(hour % 12 === 0 ? 12 : hour % 12, 2, p);
    case 'minute': return pad(Math.floor((f.sod % 3600) / 60), 2, p);
    case 'second': return pad(f.sod % 60, 2, p);
    case 'nanosecond': return pad(f.nano, 9, p);
    case 'timestamp': return pad(f.utcSec, 1, p);
  }
}

function autoFraction(nano: number): string {
  if (nano === 0) return '';
  if (nano % 1_000_000 === 0) return '.' + String(nano / 1_000_000).padStart(3, '0');
  if (nano % 1_000 === 0) return '.' + String(nano / 1_000).padStart(6, '0');
  return '.' + String(nano).padStart(9, '0');
}

function offsetText(sec: number, colon: boolean, withSeconds = false, hoursOnly = false): string {
  const sign = sec < 0 ? '-' : '+';
  const a = Math.abs(sec);
  const hh = String(Math.floor(a / 3600)).padStart(2, '0');
  const mm = String(Math.floor((a % 3600) / 60)).padStart(2, '0');
  if (hoursOnly) return sign + hh;
  const base = sign + hh + (colon ? ':' : '') + mm;
  return withSeconds ? base + ':' + String(a % 60).padStart(2, '0') : base;
}

function fixed(it: Extract<Item, { t: 'fixed' }>, f: Fields): string {
  const wd = weekdayFromDays(f.days);
  switch (it.kind) {
    case 'monShort': return ENGLISH.monShort[f.month - 1]!;
    case 'monLong': return ENGLISH.monLong[f.month - 1]!;
    case 'wdShort': return ENGLISH.wdShort[wd]!;
    case 'wdLong': return ENGLISH.wdLong[wd]!;
    case 'ampmLower': return f.sod < 43200 ? 'am' : 'pm';
    case 'ampmUpper': return f.sod < 43200 ? 'AM' : 'PM';
    case 'dotFrac': return autoFraction(f.nano);
    case 'dotFrac3': return '.' + String(Math.floor(f.nano / 1_000_000)).padStart(3, '0');
    case 'dotFrac6': return '.' + String(Math.floor(f.nano / 1_000)).padStart(6, '0');
    case 'dotFrac9': return '.' + String(f.nano).padStart(9, '0');
    case 'frac3': return String(Math.floor(f.nano / 1_000_000)).padStart(3, '0');
    case 'frac6': return String(Math.floor(f.nano / 1_000)).padStart(6, '0');
    case 'frac9': return String(f.nano).padStart(9, '0');
    case 'tzName': return f.zone.abbreviation(f.utcSec * 1000);
    case 'offset': return offsetText(f.offset, false);
    case 'offsetColon': return offsetText(f.offset, true);
    case 'offsetDoubleColon': return offsetText(f.offset, true, true);
    case 'offsetTripleColon': return offsetText(f.offset, true, false, true);
    case 'offsetPermissive': return offsetText(f.offset, false);
    case 'rfc3339': {
      const p: Pad = 'zero';
      const date = `${yearText(f.year, p)}-${pad(f.month, 2, p)}-${pad(f.day, 2, p)}`;
      const time = `${pad(Math.floor(f.sod / 3600), 2, p)}:${pad(Math.floor((f.sod % 3600) / 60), 2, p)}:${pad(f.sod % 60, 2, p)}`;
      return `${date}T${time}${autoFraction(f.nano)}${offsetText(f.offset, true)}`;
    }
  }
}

/**
 * Formats an instant with a chrono strftime format in a time zone (IANA name, `UTC` or `+08:00`;
 * default UTC). Names are English. Throws TimeFormatError / TimeZoneError for bad arguments.
 */
export function formatStrftime(ts: Timestamp, format: string, timezone?: string): string {
  const items = itemsOf(format);
  const zone = resolveTimeZone(timezone);
  let secB = ts.ns / 1_000_000_000n;
  if (ts.ns < 0n && secB * 1_000_000_000n !== ts.ns) secB -= 1n;
  const utcSec = Number(secB);
  const nano = Number(ts.ns - secB * 1_000_000_000n);
  const offset = zone.offsetAtUtc(utcSec * 1000);
  const local = utcSec + offset;
  const days = Math.floor(local / 86400);
  const { year, month, day } = civilFromDays(days);
  const f: Fields = { utcSec, nano, offset, days, sod: local - days * 86400, year, month, day, zone };
  let out = '';
  for (const it of items) {
    if (it.t === 'lit' || it.t === 'space') out += it.text;
    else if (it.t === 'num') out += numeric(it.field, f, it.pad);
    else out += fixed(it, f);
  }
  return out;
}
