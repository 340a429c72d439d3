import type { LpFieldType, LpFieldValue } from './line-protocol.js';

/**
 * Line protocol's field values and timestamps read from the body's text without making strings where
 * they are usual (line-protocol.ts scans the lines). Results go out through module variables, so the
 * hot path makes no object per value.
 */

const NL = 10, CR = 13, SP = 32, TAB = 9, COMMA = 44;
const INT64_MAX = 9223372036854775807n, INT64_MIN = -9223372036854775808n, UINT64_MAX = 18446744073709551615n;
const INT_RE = /^[-+]?\d+$/;
const UINT_RE = /^\d+$/;
const BOOLS: Record<string, boolean> = { t: true, T: true, true: true, True: true, TRUE: true, f: false, F: false, false: false, False: false, FALSE: false };

/** The last scalar parsed (out-parameters keep the hot path free of per-field objects). */
export let scalarType: LpFieldType = 'float';
export let scalarValue: LpFieldValue = 0;

/** Digits only (optionally signed): their value as a number when it is exact, else undefined. */
export function smallInt(text: string, from: number, to: number): number | undefined {
  let i = from;
  let neg = false;
  const c0 = text.charCodeAt(i);
  if (c0 === 45 || c0 === 43) {
    neg = c0 === 45;
    i++;
  }
  if (i >= to || to - i > 15) return undefined;
  let v = 0;
  for (; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
  }
  return neg ? -v : v;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * `[-]digits[.digits]` with at most 15 digits in all, as a number without making a string: the digits
 * as an integer (exact below 2^53) divided by a power of ten (exact up to 1e22) is one correctly
 * rounded division, the same double `Number(text)` gives. Undefined for anything else (the caller
 * then checks the syntax and parses the text).
 */
function shortDecimal(text: string, from: number, to: number): number | undefined {
  let i = from;
  const neg = text.charCodeAt(i) === 45;
  if (neg) i++;
  let v = 0;
  let digits = 0;
  let scale = -1;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (scale >= 0) return undefined;
      scale = 0;
      continue;
    }
    const d = c - 48;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
    digits++;
    if (scale >= 0) scale++;
  }
  if (digits === 0 || digits > 15) return undefined;
  if (scale > 0) v /= POW10[scale]!;
  return neg ? -v : v;
}

/** InfluxDB's float syntax: `[-+]digits[.digits][e[-+]digits]` (or `.5`); no NaN, Inf or hex. */
function isFloatSyntax(text: string, from: number, to: number): boolean {
  let i = from;
  let c = text.charCodeAt(i);
  if (c === 45 || c === 43) c = text.charCodeAt(++i);
  let digits = 0;
  while (i < to && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++, digits++;
  if (i < to && text.charCodeAt(i) === 46) {
    i++;
    while (i < to && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++, digits++;
  }
  if (digits === 0) return false;
  if (i < to && ((c = text.charCodeAt(i)) === 101 || c === 69)) {
    i++;
    if (i < to && ((c = text.charCodeAt(i)) === 45 || c === 43)) i++;
    let exp = 0;
    while (i < to && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++, exp++;
    if (exp === 0) return false;
  }
  return i === to;
}

/**
 * Any field value but a quoted string, `text[from, to)`: sets scalarType and scalarValue, or returns
 * why the value is refused (InfluxDB's wording; the error is at `from`).
 */
export function parseScalar(text: string, from: number, to: number): string | undefined {
  const last = text.charCodeAt(to - 1);
  if ((last === 105 /* i */ || last === 117 /* u */) && to - from > 1) {
    const unsigned = last === 117;
    scalarType = unsigned ? 'unsigned' : 'integer';
    const small = smallInt(text, from, to - 1);
    if (small !== undefined && (!unsigned || (small >= 0 && text.charCodeAt(from) !== 45))) {
      scalarValue = small;
      return undefined;
    }
    const digits = text.slice(from, to - 1);
    if (!(unsigned ? UINT_RE : INT_RE).test(digits)) return 'invalid number';
    const big = BigInt(digits);
    if (unsigned ? big > UINT64_MAX : big > INT64_MAX || big < INT64_MIN) {
      return `unable to parse ${unsigned ? 'unsigned' : 'integer'} ${digits}: value out of range`;
    }
    scalarValue = Number.isSafeInteger(Number(big)) ? Number(big) : big;
    return undefined;
  }
  const first = text.charCodeAt(from);
  const numeric = (first >= 48 && first <= 57) || first === 45 || first === 46 || first === 43;
  if (!numeric) {
    const b = BOOLS[text.slice(from, to)];
    if (b === undefined) return /^(nan|[+-]?inf)/i.test(text.slice(from, to)) ? 'invalid number' : 'invalid boolean';
    scalarType = 'boolean';
    scalarValue = b;
    return undefined;
  }
  scalarType = 'float';
  const quick = shortDecimal(text, from, to);
  if (quick !== undefined) {
    scalarValue = quick;
    return undefined;
  }
  if (!isFloatSyntax(text, from, to)) return 'invalid number';
  scalarValue = Number(text.slice(from, to));
  return undefined;
}

/** Set by quickNumber and quickTimestamp: the value they read. */
export let quickValue = 0;

/**
 * One pass over the usual field values: `[-]digits[.digits]` (a float, at most 15 digits: shortDecimal's
 * double) or `[-]digits` + `i` / `digits` + `u` (at most 15 digits), followed by the end of the value.
 * Sets scalarType and scalarValue as parseScalar would and returns where the value ends; -1 for
 * anything else (then parseScalar decides, with its errors).
 */
export function quickNumber(text: string, from: number): number {
  let i = from;
  let c = text.charCodeAt(i);
  const neg = c === 45;
  if (neg) c = text.charCodeAt(++i);
  let v = 0;
  let digits = 0;
  let scale = -1;
  for (;;) {
    const d = c - 48;
    if (d >= 0 && d <= 9) {
      v = v * 10 + d;
      digits++;
      if (scale >= 0) scale++;
    } else if (c === 46 && scale < 0) scale = 0;
    else break;
    c = text.charCodeAt(++i);
  }
  if (digits === 0 || digits > 15) return -1;
  let type: LpFieldType = 'float';
  if (c === 105 /* i */ || c === 117 /* u */) {
    if (scale >= 0 || (neg && c === 117)) return -1;
    type = c === 105 ? 'integer' : 'unsigned';
    c = text.charCodeAt(++i);
  }
  if (!(c === COMMA || c === SP || c === NL || c === TAB || c === CR || i >= text.length)) return -1;
  if (scale > 0) v /= POW10[scale]!;
  scalarType = type;
  scalarValue = neg ? -v : v;
  return i;
}

/** One pass over the usual timestamp, `[-+]digits` (at most 15) then a blank or the line's end: sets quickValue; -1 for anything else. */
export function quickTimestamp(text: string, from: number): number {
  let i = from;
  let c = text.charCodeAt(i);
  const neg = c === 45;
  if (neg || c === 43) c = text.charCodeAt(++i);
  const first = i;
  let v = 0;
  for (let d = c - 48; d >= 0 && d <= 9; d = c - 48) {
    v = v * 10 + d;
    c = text.charCodeAt(++i);
  }
  if (i === first || i - first > 15) return -1;
  if (!(c === SP || c === NL || c === TAB || c === CR || i >= text.length)) return -1;
  quickValue = neg ? -v : v;
  return i;
}
