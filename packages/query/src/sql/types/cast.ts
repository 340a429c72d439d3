import { COLUMN_TYPE_DISPLAY, isFloatType, isIntegerType, stringifyExact, toPlain, type ColumnType, type Value } from '@sluice/pipeline-core';
import { SqlExecutionError } from '../errors.js';
import { checkPrecision, Decimal, decimalFromNumber, decimalParts, isDecimalType, parseDecimalText, type DecimalType } from './decimal.js';
import { Interval, isIntType, isTimestampType, nsPer, floorDiv, type CastTarget, type SqlType, type SqlValue } from './sql-value.js';
import { DAY_NS, formatDate, parseDateText } from './date.js';
import { parseTimestampText } from './timestamp-text.js';
import { formatTimestamp } from './format-timestamp.js';

const INT_RANGE: Partial<Record<ColumnType, [number, number]>> = {
  int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647],
  uint8: [0, 255], uint16: [0, 65535], uint32: [0, 4294967295],
};

function toDate(v: SqlValue, from: SqlType): number {
  if (isTimestampType(from)) return Number(floorDiv(BigInt(v as bigint) * nsPer(from), DAY_NS));
  if (typeof v === 'string') {
    const d = parseDateText(v);
    if (d === undefined) throw new SqlExecutionError(`Cast error: Cannot cast string '${v}' to value of Date32 type`);
    return d;
  }
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'bigint') return Number(v);
  return fail(v, 'date');
}

const I128_MAX = (1n << 127n) - 1n;

function toDecimal(v: SqlValue, from: SqlType, to: DecimalType): Decimal {
  const { precision, scale } = decimalParts(to)!;
  let d: Decimal | undefined;
  if (v instanceof Decimal) d = v.rescale(scale);
  else if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v) && isIntType(from))) {
    const unscaled = BigInt(v) * 10n ** BigInt(scale);
    if (unscaled > I128_MAX || unscaled < -I128_MAX) throw new SqlExecutionError(`Arithmetic overflow: Overflow happened on: ${v} * ${10n ** BigInt(scale)}`);
    d = new Decimal(unscaled, scale);
  } else if (typeof v === 'number') d = decimalFromNumber(v, scale);
  else if (typeof v === 'boolean') d = new Decimal(v ? 10n ** BigInt(scale) : 0n, scale);
  else if (typeof v === 'string') {
    d = parseDecimalText(v, scale);
    if (d === undefined) throw new SqlExecutionError(`Cast error: Cannot cast string '${v}' to value of Decimal128(${precision}, ${scale}) type`);
  }
  if (d === undefined) return fail(v, to);
  return checkPrecision(d, precision);
}

function fail(v: SqlValue, to: SqlType): never {
  const shown = typeof v === 'string' ? `'${v}'` : v instanceof Interval ? v.toString() : stringifyExact(toPlain(v as Value));
  throw new SqlExecutionError(`Cast error: cannot cast ${shown} to ${to}`);
}

function toInteger(v: SqlValue, from: SqlType, to: ColumnType): number | bigint {
  let n: number | bigint;
  if (typeof v === 'number' && !Number.isFinite(v)) {
    throw new SqlExecutionError(`Cast error: Can't cast value ${Number.isNaN(v) ? 'NaN' : v > 0 ? 'inf' : '-inf'} to type ${COLUMN_TYPE_DISPLAY[to]}`);
  }
  if (typeof v === 'number') n = Math.trunc(v);
  else if (typeof v === 'bigint') n = isTimestampType(from) ? v : v;
  else if (typeof v === 'boolean') n = v ? 1 : 0;
  else if (typeof v === 'string') {
    const t = v.trim();
    if (/^[+-]?\d+$/.test(t)) {
      const x = Number(t);
      n = Number.isSafeInteger(x) ? x : BigInt(t);
    } else if (t !== '' && Number.isFinite(Number(t))) n = Math.trunc(Number(t));
    else fail(v, to);
  } else fail(v, to);
  const range = INT_RANGE[to];
  if (range && (Number(n) < range[0] || Number(n) > range[1])) fail(v, to);
  if (to.startsWith('uint') && n < 0) fail(v, to);
  return typeof n === 'bigint' && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** Casts one non-null value from its static type to a column type or DATE (CAST / `::` / implicit coercion). */
export function castValue(v: SqlValue, from: SqlType, to: CastTarget, timezone?: string): SqlValue {
  if (v === null) return null;
  if (from === to) return v;
  if (to === 'date') return toDate(v, from);
  if (isDecimalType(to)) return toDecimal(v, from, to);
  if (from === 'date') {
    const days = Number(v);
    if (to === 'string') return formatDate(days);
    if (isTimestampType(to)) return (BigInt(days) * DAY_NS) / nsPer(to);
    if (isIntegerType(to)) return toInteger(days, 'int32', to);
    if (isFloatType(to)) return days;
    return fail(v, to);
  }
  if (v instanceof Decimal) {
    if (to === 'string') return v.toString();
    if (isFloatType(to)) return to === 'float32' ? Math.fround(v.toNumber()) : v.toNumber();
    if (isIntegerType(to)) {
      const n = v.unscaled / 10n ** BigInt(v.scale); // toward zero
      if (to === 'int64' && (n > 9223372036854775807n || n < -9223372036854775808n)) throw new SqlExecutionError(`Cast error: value of ${n} is out of range Int64`);
      return toInteger(n, 'int64', to);
    }
    return fail(v, to);
  }
  if (isIntegerType(to)) return toInteger(v, from, to);
  if (isFloatType(to)) {
    const f32 = to === 'float32';
    if (typeof v === 'number' || typeof v === 'bigint') return f32 ? Math.fround(Number(v)) : Number(v);
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'string') {
      const x = parseFloatText(v);
      if (x !== undefined) return f32 ? Math.fround(x) : x;
    }
    return fail(v, to);
  }
  if (isTimestampType(to)) {
    const unit = nsPer(to);
    if (isTimestampType(from)) return floorDiv(BigInt(v as bigint) * nsPer(from), unit);
    if (typeof v === 'string') {
      const ns = parseTimestampText(v, timezone);
      if (ns === undefined) {
        if (/^[+-]?\d+$/.test(v.trim())) return BigInt(v.trim());
        return fail(v, to);
      }
      return floorDiv(ns, unit);
    }
    if (typeof v === 'number') return BigInt(Math.trunc(v));
    if (typeof v === 'bigint') return v;
    return fail(v, to);
  }
  switch (to) {
    case 'string':
      if (typeof v === 'string') return v;
      if (isTimestampType(from)) return formatTimestamp(BigInt(v as bigint) * nsPer(from), from);
      if (v instanceof Interval) return v.toString();
      if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'inf' : '-inf';
      if (typeof v === 'object') return stringifyExact(toPlain(v as Value));
      return String(v);
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (typeof v === 'number' || typeof v === 'bigint') return Number(v) !== 0;
      if (typeof v === 'string') {
        const t = v.trim().toLowerCase();
        if (t === 'true' || t === 't' || t === '1') return true;
        if (t === 'false' || t === 'f' || t === '0') return false;
      }
      return fail(v, to);
    case 'json':
      if (typeof v === 'string') {
        try {
          return JSON.parse(v) as Value;
        } catch {
          return fail(v, to);
        }
      }
      return v;
    case 'binary':
      if (typeof v === 'string') return new TextEncoder().encode(v);
      if (v instanceof Uint8Array) return v;
      return fail(v, to);
  }
  return fail(v, to);
}

const SPECIAL_FLOATS: Record<string, number> = {
  nan: NaN, '+nan': NaN, '-nan': NaN, inf: Infinity, '+inf': Infinity, infinity: Infinity, '+infinity': Infinity,
  '-inf': -Infinity, '-infinity': -Infinity,
};

/** A float from text as Rust's `f64::from_str` reads it: decimal/exponent forms, `nan`, `inf`, `infinity` (any case). */
export function parseFloatText(text: string): number | undefined {
  const t = text.trim();
  const special = SPECIAL_FLOATS[t.toLowerCase()];
  if (special !== undefined) return special;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}
