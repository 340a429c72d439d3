import { COLUMN_TYPE_DISPLAY, Timestamp, kindOf, type ColumnType, type TimeUnit, type Value } from '@sluice/pipeline-core';

/**
 * A value as the store keeps it for its column type: integers as number (bigint beyond 2^53),
 * floats as number, timestamps as bigint in the column's unit, json as any Value.
 */
export type StoredValue = Value;

/** Marks a value that does not fit its column type. */
export const MISMATCH: unique symbol = Symbol('mismatch');

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

function bigintToStored(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** The stored form of `v` for a column of `type`, or MISMATCH. `null` stays `null`. */
export function normalizeValue(type: ColumnType, v: Value): StoredValue | typeof MISMATCH {
  return v === null ? null : NORMALIZERS[type](v);
}

/** A column type's normaliser for non-null values (what normalizeValue applies), for a loop over one column. */
export function normalizerFor(type: ColumnType): (v: Value) => StoredValue | typeof MISMATCH {
  return NORMALIZERS[type];
}

const smallInt =
  (lo: number, hi: number) =>
  (v: Value): StoredValue | typeof MISMATCH => {
    const n = typeof v === 'bigint' ? Number(v) : v;
    return typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi ? n : MISMATCH;
  };

const float = (v: Value): StoredValue | typeof MISMATCH => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : MISMATCH);

const timestamp = (unit: TimeUnit) => (v: Value): StoredValue | typeof MISMATCH => {
  // (A nanosecond column takes the instant as it is: `in('ns')` would divide by one.)
  if (v instanceof Timestamp) return unit === 'ns' ? v.ns : v.in(unit);
  if (typeof v === 'bigint') return v >= INT64_MIN && v <= INT64_MAX ? v : MISMATCH;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : MISMATCH;
  return MISMATCH;
};

/** One normaliser per column type, for non-null values. */
const NORMALIZERS: Record<ColumnType, (v: Value) => StoredValue | typeof MISMATCH> = {
  int8: smallInt(-128, 127),
  int16: smallInt(-32768, 32767),
  int32: smallInt(-2147483648, 2147483647),
  uint8: smallInt(0, 255),
  uint16: smallInt(0, 65535),
  uint32: smallInt(0, 4294967295),
  int64: (v) => {
    if (typeof v === 'number') return Number.isSafeInteger(v) ? v : MISMATCH;
    if (typeof v === 'bigint') return v >= INT64_MIN && v <= INT64_MAX ? bigintToStored(v) : MISMATCH;
    return MISMATCH;
  },
  uint64: (v) => {
    if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : MISMATCH;
    if (typeof v === 'bigint') return v >= 0n && v <= UINT64_MAX ? bigintToStored(v) : MISMATCH;
    return MISMATCH;
  },
  float32: float,
  float64: float,
  string: (v) => (typeof v === 'string' ? v : MISMATCH),
  boolean: (v) => (typeof v === 'boolean' ? v : MISMATCH),
  binary: (v) => (v instanceof Uint8Array ? v : MISMATCH),
  json: (v) => v,
  timestamp_s: timestamp('s'),
  timestamp_ms: timestamp('ms'),
  timestamp_us: timestamp('us'),
  timestamp_ns: timestamp('ns'),
};

/** How a write's value is described in a conflict message: `a string value`, `an integer value 300`. */
export function describeValue(v: Value): string {
  const kind = kindOf(v);
  const shown = typeof v === 'number' || typeof v === 'bigint' ? ` ${String(v)}` : typeof v === 'string' ? ` ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}` : '';
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} value${shown}`;
}

export function displayType(t: ColumnType): string {
  return COLUMN_TYPE_DISPLAY[t];
}
