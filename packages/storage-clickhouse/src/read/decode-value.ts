import type { ColumnType, Value } from '@sluice/pipeline-core';
import { timeUnitOf } from '@sluice/pipeline-core';
import { tsvUnescape } from '../sql/quote.js';

const SAFE = /^-?\d{1,15}$/;

function int(f: string): number | bigint {
  if (SAFE.test(f)) return Number(f);
  const b = BigInt(f);
  return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
}

function float(f: string): number {
  return f === 'nan' || f === '-nan' ? NaN : f === 'inf' || f === '+inf' ? Infinity : f === '-inf' ? -Infinity : Number(f);
}

/** A TabSeparated field of a column of `type` back to the value a scan returns. */
export function decodeValue(type: ColumnType, f: string): Value {
  if (f === '\\N') return null;
  if (timeUnitOf(type) !== undefined) return BigInt(f);
  switch (type) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      return Number(f);
    case 'int64': case 'uint64':
      return int(f);
    case 'float32': case 'float64':
      return float(f);
    case 'boolean':
      return f === '1';
    case 'string':
      return tsvUnescape(f);
    case 'json':
      return JSON.parse(tsvUnescape(f)!) as Value;
    case 'binary':
      return new Uint8Array(Buffer.from(f, 'hex'));
    default:
      return tsvUnescape(f);
  }
}

const isNull = (f: string) => f === '\\N';

/** A decoder for the fields of one column type, chosen once per scan (the hot loop skips the type switch). */
export function decoderFor(type: ColumnType): (f: string) => Value {
  if (timeUnitOf(type) !== undefined) return (f) => (isNull(f) ? null : BigInt(f));
  switch (type) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      return (f) => (isNull(f) ? null : Number(f));
    case 'float32': case 'float64':
      return (f) => (isNull(f) ? null : float(f));
    case 'string':
      return (f) => (isNull(f) ? null : f.includes('\\') ? tsvUnescape(f) : f);
    default:
      return (f) => decodeValue(type, f);
  }
}

/** A count or other UInt64 aggregate as a number. */
export function decodeCount(f: string): number {
  return Number(f);
}

/** A float aggregate (sum/avg), null when ClickHouse says NULL. */
export function decodeFloat(f: string): number | null {
  return f === '\\N' ? null : float(f);
}
