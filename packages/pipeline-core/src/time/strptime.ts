import { Timestamp } from '../value/timestamp.js';
import { TimeFormatError, TimeParseError } from './errors.js';
import { nameTables, UnknownLocaleError } from './names.js';
import { R, S, SLOT_COUNT, resolveDate, resolveTimeOfDay, setSlot, verifyTimestamp, type Reason } from './parsed.js';
import { tokenizeStrftime } from './strftime-items.js';
import { LOCAL_AMBIGUOUS, LOCAL_GAP, resolveTimeZone, type TimeZone } from './zone.js';
import { compileOps, NAME, OFFSET_MODE, type Op } from './strptime-ops.js';
import { compileFastStrptime } from './strptime-fast.js';
import { isWhitespace, OFFSET_REASON, prepareNames, scanName, scanOffset, scannedOffset, type PreparedNames } from './scan.js';

export interface StrptimeOptions {
  /** Zone for local times (formats without `%z`/`%s`): IANA name, `UTC`, or `+08:00`. Default UTC. */
  readonly timezone?: string;
  /** Locale of month/weekday names (`%b %B %a %A %p`). Default English. */
  readonly locale?: string;
}

/** A compiled format: `tryParse` returns undefined on failure and leaves the reason in `lastError`. */
export interface StrptimeMatcher {
  readonly format: string;
  tryParse(text: string): Timestamp | undefined;
  lastError: Reason | string;
}

const MIN_SEC = -9_223_372_036; // the i64 nanosecond range (1677-09-21 .. 2262-04-11)
const MAX_SEC = 9_223_372_036;
const NS = 1_000_000_000n;
/** Every slot unset (NaN), copied over the scratch fields before each parse. */
const UNSET = new Float64Array(SLOT_COUNT).fill(NaN);

/**
 * Compiles a chrono strftime format once into a matcher (charCode scanning, no regex, no luxon per
 * call except the cached zone offsets). Throws TimeFormatError for a bad format or options.
 */
export function compileStrptimeMatcher(format: string, options: StrptimeOptions = {}, fastPath = true): StrptimeMatcher {
  const ops = compileOps(tokenizeStrftime(format));
  let names: PreparedNames;
  try {
    names = prepareNames(nameTables(options.locale));
  } catch (e) {
    throw new TimeFormatError(format, e instanceof UnknownLocaleError ? e.message : String(e));
  }
  const zone = resolveTimeZone(options.timezone);
  const p = new Float64Array(SLOT_COUNT);
  // Usual fixed-width log formats are read by position first (`fastPath: false` is for tests comparing both).
  const fast = fastPath ? compileFastStrptime(ops, names, zone) : undefined;
  const matcher: StrptimeMatcher = {
    format,
    lastError: '',
    tryParse(text: string): Timestamp | undefined {
      if (fast !== undefined) {
        const ts = fast(text);
        if (ts !== undefined) return ts;
      }
      p.set(UNSET); // a block copy: faster than fill(NaN) on this hot path
      const r = scan(ops, text, p, names);
      if (r !== undefined) {
        matcher.lastError = r;
        return undefined;
      }
      const out = resolve(p, zone);
      if (typeof out === 'string') {
        matcher.lastError = out;
        return undefined;
      }
      return out;
    },
  };
  return matcher;
}

/** Compiles a format once; the returned function throws TimeParseError naming input, format and reason. */
export function compileStrptime(format: string, options?: StrptimeOptions): (text: string) => Timestamp {
  const m = compileStrptimeMatcher(format, options);
  return (text: string) => {
    const ts = m.tryParse(text);
    if (ts === undefined) throw new TimeParseError(text, format, m.lastError);
    return ts;
  };
}

/** Stores a numeric field. Codes are the indexes of NUM_FIELDS (strptime-ops.ts), and the scanner's cases are OP's values: both pinned by strptime.test.ts. */
function setNum(p: Float64Array, field: number, v: number): Reason | undefined {
  switch (field) {
    case 0 /* year */: return setSlot(p, S.YEAR, v);
    case 1 /* yearDiv100 */: return v < 0 ? R.OUT_OF_RANGE : setSlot(p, S.YDIV, v);
    case 2 /* yearMod100 */: return setSlot(p, S.YMOD, v);
    case 3 /* isoYear */: return setSlot(p, S.ISOY, v);
    case 4 /* isoYearMod100 */: return setSlot(p, S.ISOYMOD, v);
    case 5 /* month */: return v < 1 || v > 12 ? R.OUT_OF_RANGE : setSlot(p, S.MONTH, v);
    case 6 /* day */: return v < 1 || v > 31 ? R.OUT_OF_RANGE : setSlot(p, S.DAY, v);
    case 7 /* weekFromSun */: return v > 53 ? R.OUT_OF_RANGE : setSlot(p, S.WSUN, v);
    case 8 /* weekFromMon */: return v > 53 ? R.OUT_OF_RANGE : setSlot(p, S.WMON, v);
    case 9 /* isoWeek */: return v < 1 || v > 53 ? R.OUT_OF_RANGE : setSlot(p, S.ISOW, v);
    case 10 /* numDaysFromSun */: return v > 6 ? R.OUT_OF_RANGE : setSlot(p, S.WD, (v + 6) % 7);
    case 11 /* weekdayFromMon */: return v < 1 || v > 7 ? R.OUT_OF_RANGE : setSlot(p, S.WD, v - 1);
    case 12 /* ordinal */: return v < 1 || v > 366 ? R.OUT_OF_RANGE : setSlot(p, S.ORD, v);
    case 13 /* hour */: return v > 23 ? R.OUT_OF_RANGE : setSlot(p, S.HDIV, v >= 12 ? 1 : 0) ?? setSlot(p, S.HMOD, v % 12);
    case 14 /* hour12 */: return v < 1 || v > 12 ? R.OUT_OF_RANGE : setSlot(p, S.HMOD, v % 12);
    case 15 /* minute */: return v > 59 ? R.OUT_OF_RANGE : setSlot(p, S.MIN, v);
    case 16 /* second */: return v > 60 ? R.OUT_OF_RANGE : setSlot(p, S.SEC, v);
    case 17 /* nanosecond */: return setSlot(p, S.NANO, v);
    default: return setSlot(p, S.TS, v);
  }
}

const SCALE = [0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

/** Runs the ops over the text, filling `p`. Returns a reason on failure. */
function scan(ops: readonly Op[], s: string, p: Float64Array, names: PreparedNames): Reason | undefined {
  const n = s.length;
  let i = 0;
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k]!;
    switch (op.k) {
      case 0 /* OP.LIT */: {
        const t = op.text;
        if (n - i < t.length) return R.TOO_SHORT;
        for (let j = 0; j < t.length; j++) if (s.charCodeAt(i + j) !== t.charCodeAt(j)) return R.INVALID;
        i += t.length;
        break;
      }
      case 1 /* OP.SPACE */:
        while (i < n && isWhitespace(s.charCodeAt(i))) i++;
        break;
      case 2 /* OP.NUM */: {
        while (i < n && isWhitespace(s.charCodeAt(i))) i++;
        let neg = false;
        let max = op.width;
        const c0 = s.charCodeAt(i);
        if (op.signed && (c0 === 43 || c0 === 45)) {
          neg = c0 === 45;
          i++;
          max = 18;
        }
        const start = i;
        let v = 0;
        while (i < n && i - start < max) {
          const c = s.charCodeAt(i) - 48;
          if (c < 0 || c > 9) break;
          v = v * 10 + c;
          i++;
        }
        if (i === start) return i >= n ? R.TOO_SHORT : R.INVALID;
        if (op.width === 18 && i - start >= 16) return R.OUT_OF_RANGE;
        const r = setNum(p, op.field, neg ? -v : v);
        if (r !== undefined) return r;
        break;
      }
      case 3 /* OP.DOT_FRAC */: {
        // chrono's `%.f` (and `%.3f %.6f %.9f`): optional; after a '.', 1+ digits, the first nine kept.
        if (s.charCodeAt(i) !== 46) break;
        i++;
        const start = i;
        let v = 0;
        while (i < n && i - start < 9) {
          const c = s.charCodeAt(i) - 48;
          if (c < 0 || c > 9) break;
          v = v * 10 + c;
          i++;
        }
        const got = i - start;
        if (got === 0) return i >= n ? R.TOO_SHORT : R.INVALID;
        while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
        const r = setSlot(p, S.NANO, v * SCALE[got]!);
        if (r !== undefined) return r;
        break;
      }
      case 4 /* OP.FRAC */: {
        const start = i;
        let v = 0;
        while (i < n && i - start < op.width) {
          const c = s.charCodeAt(i) - 48;
          if (c < 0 || c > 9) break;
          v = v * 10 + c;
          i++;
        }
        if (i - start < op.width) return i >= n ? R.TOO_SHORT : R.INVALID;
        const r = setSlot(p, S.NANO, v * SCALE[op.width]!);
        if (r !== undefined) return r;
        break;
      }
      case 5 /* OP.NAME */: {
        const hit = scanName(s, i, names, op.field);
        if (hit < 0) return i >= n ? R.TOO_SHORT : R.INVALID;
        const v = hit % 256;
        const r = setSlot(p, op.field <= NAME.MON_ANY ? S.MONTH : op.field === NAME.AMPM ? S.HDIV : S.WD, v);
        if (r !== undefined) return r;
        i = (hit - v) / 256;
        break;
      }
      case 6 /* OP.TZ_NAME */:
        while (i < n && !isWhitespace(s.charCodeAt(i))) i++;
        break;
      case 7 /* OP.OFFSET */: {
        while (i < n && isWhitespace(s.charCodeAt(i))) i++;
        if (op.width === OFFSET_MODE.RFC3339 && n - i >= 3 && s.slice(i, i + 3).toUpperCase() === 'UTC') {
          i += 3;
          const r = setSlot(p, S.OFF, 0);
          if (r !== undefined) return r;
          break;
        }
        const end = scanOffset(s, i, op.width !== OFFSET_MODE.STRICT, op.width === OFFSET_MODE.PERMISSIVE);
        if (end < 0) return OFFSET_REASON[end]!;
        i = end;
        const r = setSlot(p, S.OFF, scannedOffset.value);
        if (r !== undefined) return r;
        break;
      }
      case 8 /* OP.DATE_TIME_SEP */: {
        const c = s.charCodeAt(i);
        if (i >= n) return R.TOO_SHORT;
        if (c !== 84 && c !== 116 && c !== 32) return R.INVALID;
        i++;
        break;
      }
    }
  }
  return i < n ? R.TOO_LONG : undefined;
}

/** Turns the collected fields into an instant (nanoseconds, unit ns). */
function resolve(p: Float64Array, zone: TimeZone): Timestamp | Reason | string {
  const nanoSet = p[S.NANO] === p[S.NANO];
  const nano = nanoSet ? p[S.NANO]! : 0;
  if (nano > 999_999_999) return R.OUT_OF_RANGE;
  let sec: number;
  const ts = p[S.TS]!;
  if (ts === ts) {
    const off = p[S.OFF] === p[S.OFF] ? p[S.OFF]! : 0;
    if (!verifyTimestamp(p, ts, off)) return R.IMPOSSIBLE;
    sec = ts;
  } else {
    const days = resolveDate(p);
    if (typeof days === 'string') return days;
    const tod = resolveTimeOfDay(p);
    if (typeof tod === 'string') return tod;
    const local = days * 86400 + tod;
    let off = p[S.OFF]!;
    if (off !== off) {
      off = zone.offsetForLocal(local * 1000);
      if (off === LOCAL_GAP) return `the local time does not exist in time zone ${zone.name} (skipped by a daylight-saving change)`;
      if (off === LOCAL_AMBIGUOUS) return `the local time is ambiguous in time zone ${zone.name} (repeated by a daylight-saving change)`;
    }
    sec = local - off;
  }
  if (sec < MIN_SEC || sec > MAX_SEC) return 'the time is outside the nanosecond timestamp range (1677-09-21 to 2262-04-11)';
  const ns = nano === 0 ? BigInt(sec) * NS : BigInt(sec) * NS + BigInt(nano);
  if (ns < -9_223_372_036_854_775_808n || ns > 9_223_372_036_854_775_807n) return 'the time is outside the nanosecond timestamp range (1677-09-21 to 2262-04-11)';
  return new Timestamp(ns, 'ns');
}

