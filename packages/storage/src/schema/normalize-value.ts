import { COLUMN_TYPE_DISPLAY, Timestamp, kindOf, timeUnitOf, type ColumnType, type Value } from '@sluice/pipeline-core';

/**
 * A value as the store keeps it for its column type: integers as number (bigint beyond 2^53),
 * floats as number, timestamps as bigint in the column's unit, json as any Value.
 */
export type StoredValue = Value;

/** Marks a value that does not fit its column type. */
export const MISMATCH: unique symbol = Symbol('mismatch');

const INT_RANGE: Partial<Record<ColumnType, readonly [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
};

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

function bigintToStored(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** The stored form of `v` for a column of `type`, or MISMATCH. `null` stays `null`. */
export function normalizeValue(type: ColumnType, v: Value): StoredValue | typeof MISMATCH {
  if (v === null) return null;
  switch (type) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
      const [lo, hi] = INT_RANGE[type]!;
      const n = typeof v === 'bigint' ? Number(v) : v;
      return typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi ? n : MISMATCH;
    }
    case 'int64':
      if (typeof v === 'number') return Number.isSafeInteger(v) ? v : MISMATCH;
      if (typeof v === 'bigint') return v >= INT64_MIN && v <= INT64_MAX ? bigintToStored(v) : MISMATCH;
      return MISMATCH;
    case 'uint64':
      if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : MISMATCH;
      if (typeof v === 'bigint') return v >= 0n && v <= UINT64_MAX ? bigintToStored(v) : MISMATCH;
      return MISMATCH;
    case 'float32': case 'float64':
      if (typeof v === 'number') return v;
      if (typeof v === 'bigint') return Number(v);
      return MISMATCH;
    case 'string':
      return typeof v === 'string' ? v : MISMATCH;
    case 'boolean':
      return typeof v === 'boolean' ? v : MISMATCH;
    case 'binary':
      return v instanceof Uint8Array ? v : MISMATCH;
    case 'json':
      return v;
    case 'timestamp_s': case 'timestamp_ms': case 'timestamp_us': case 'timestamp_ns': {
      if (v instanceof Timestamp) return v.in(timeUnitOf(type)!);
      if (typeof v === 'bigint') return v >= INT64_MIN && v <= INT64_MAX ? v : MISMATCH;
      if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : MISMATCH;
      return MISMATCH;
    }
  }
}

/** How a write's value is described in a conflict message: `a string value`, `an integer value 300`. */
export function describeValue(v: Value): string {
  const kind = kindOf(v);
  const shown = typeof v === 'number' || typeof v === 'bigint' ? ` ${String(v)}` : typeof v === 'string' ? ` ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}` : '';
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} value${shown}`;
}

export function displayType(t: ColumnType): string {
  return COLUMN_TYPE_DISPLAY[t];
}
