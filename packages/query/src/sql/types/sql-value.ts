import { isFloatType, isIntegerType, type ColumnType, type Value } from '@sluice/pipeline-core';
import { Decimal, decimalType, isDecimalType, type DecimalType } from './decimal.js';

/**
 * A SQL INTERVAL: calendar months (a month is not a fixed length) plus an exact part in nanoseconds
 * (days count 24 hours). Printed as Arrow prints IntervalMonthDayNano: `14 mons 3 days 4 hours 5 mins 6.000100000 secs`.
 */
export class Interval {
  constructor(
    readonly ns: bigint,
    readonly months = 0,
  ) {}
  toString(): string {
    const parts: string[] = [];
    if (this.months !== 0) parts.push(`${this.months} mons`);
    const neg = this.ns < 0n;
    let rest = neg ? -this.ns : this.ns;
    const sign = neg ? '-' : '';
    for (const [u, size] of [['days', 86_400_000_000_000n], ['hours', 3_600_000_000_000n], ['mins', 60_000_000_000n]] as const) {
      const n = rest / size;
      if (n > 0n) parts.push(`${sign}${n} ${u}`);
      rest -= n * size;
    }
    if (rest > 0n || parts.length === 0) {
      const secs = rest / 1_000_000_000n;
      const frac = rest % 1_000_000_000n;
      parts.push(`${sign}${secs}${frac === 0n ? '' : '.' + frac.toString().padStart(9, '0')} secs`);
    }
    return parts.join(' ');
  }
}

/** `ns` (a timestamp in nanoseconds, UTC) plus `months` calendar months; the day is clamped to the month's end. */
export function addMonths(ns: bigint, months: number): bigint {
  if (months === 0) return ns;
  const ms = floorDiv(ns, 1_000_000n);
  const rem = ns - ms * 1_000_000n;
  const d = new Date(Number(ms));
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const t = Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return BigInt(t) * 1_000_000n + rem;
}

/** A value during evaluation: a stored Value (timestamps as bigint in the column's unit), an interval or a decimal. */
export type SqlValue = Value | Interval | Decimal;

/**
 * A type a value can be cast to: a column type or DATE (days since 1970-01-01 as an integer; stored in
 * an Int32 column whose `sqlType` is DATE).
 */
export type CastTarget = ColumnType | 'date' | DecimalType;

/** The static type of an expression: a cast target, untyped NULL, or an interval. */
export type SqlType = CastTarget | 'null' | 'interval';

/** Integers, floats and decimals. */
export function isNumericType(t: SqlType): boolean {
  return t !== 'null' && t !== 'interval' && t !== 'date' && (isDecimalType(t) || isIntegerType(t as ColumnType) || isFloatType(t as ColumnType));
}

export function isIntType(t: SqlType): boolean {
  return t !== 'null' && t !== 'interval' && t !== 'date' && !isDecimalType(t) && isIntegerType(t);
}

export function isTimestampType(t: SqlType): t is 'timestamp_s' | 'timestamp_ms' | 'timestamp_us' | 'timestamp_ns' {
  return typeof t === 'string' && t.startsWith('timestamp_');
}

const UNIT_NS: Record<string, bigint> = { timestamp_s: 1_000_000_000n, timestamp_ms: 1_000_000n, timestamp_us: 1_000n, timestamp_ns: 1n };

/** Nanoseconds per unit of a timestamp type. */
export function nsPer(t: SqlType): bigint {
  return UNIT_NS[t as string] ?? 1n;
}

/** The type of a JS literal value. */
export function typeOfLiteral(v: SqlValue): SqlType {
  if (v === null) return 'null';
  if (v instanceof Interval) return 'interval';
  if (v instanceof Decimal) return decimalType(Math.max(1, v.unscaled.toString().replace('-', '').length, v.scale + 1), v.scale);
  switch (typeof v) {
    case 'number':
      return Number.isInteger(v) ? 'int64' : 'float64';
    case 'bigint':
      return 'int64';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      return 'json';
  }
}

/** Floor division for bigint (toward negative infinity). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}
