import { isFloatType, isIntegerType, type ColumnType, type Value } from '@sluice/pipeline-core';

/** An exact duration (SQL INTERVAL), nanoseconds. */
export class Interval {
  constructor(readonly ns: bigint) {}
  toString(): string {
    let rest = this.ns < 0n ? -this.ns : this.ns;
    const parts: string[] = [];
    for (const [u, size] of [['days', 86_400_000_000_000n], ['hours', 3_600_000_000_000n], ['mins', 60_000_000_000n]] as const) {
      const n = rest / size;
      if (n > 0n) parts.push(`${n} ${u}`);
      rest -= n * size;
    }
    if (rest > 0n || parts.length === 0) {
      const s = Number(rest) / 1e9;
      parts.push(`${s} secs`);
    }
    return (this.ns < 0n ? '-' : '') + parts.join(' ');
  }
}

/** A value during evaluation: a stored Value (timestamps as bigint in the column's unit) or an interval. */
export type SqlValue = Value | Interval;

/** The static type of an expression: a column type, untyped NULL, or an interval. */
export type SqlType = ColumnType | 'null' | 'interval';

export function isNumericType(t: SqlType): boolean {
  return t !== 'null' && t !== 'interval' && (isIntegerType(t) || isFloatType(t));
}

export function isIntType(t: SqlType): boolean {
  return t !== 'null' && t !== 'interval' && isIntegerType(t);
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
