import type { ColumnType } from '../../schema/column-type.js';
import { nsPerUnit, Timestamp, type TimeUnit } from '../../value/timestamp.js';
import { kindOf, toJsonText, type Value } from '../../value/value.js';
import { parseRfc3339 } from '../../time/rfc3339.js';
import type { TransformType } from './transform-type.js';

/** A value that does not convert to the declared type; the transform turns it into an item error. */
export class CoerceError extends Error {
  override name = 'CoerceError';
}

/** Converts one non-null value to a column's type, or throws CoerceError. Compiled once per transform entry. */
export type Coercer = (v: Value) => Value;

const INT_RANGE: Partial<Record<ColumnType, readonly [bigint, bigint]>> = {
  int8: [-128n, 127n], int16: [-32768n, 32767n], int32: [-2147483648n, 2147483647n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  uint8: [0n, 255n], uint16: [0n, 65535n], uint32: [0n, 4294967295n], uint64: [0n, 2n ** 64n - 1n],
};

const INT_TEXT = /^[+-]?\d+$/;
const FLOAT_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function show(v: Value): string {
  return typeof v === 'string' ? JSON.stringify(v) : `${toJsonText(v)} (${kindOf(v)})`;
}

function fail(v: Value, type: string, why = ''): never {
  throw new CoerceError(`cannot convert ${show(v)} to ${type}${why}`);
}

/** A plain decimal integer of at most 15 digits (exact as a double), or NaN: the common case, without BigInt. */
function smallInt(s: string): number {
  const len = s.length;
  let i = 0;
  let neg = false;
  if (len > 0 && (s.charCodeAt(0) === 45 || s.charCodeAt(0) === 43)) {
    neg = s.charCodeAt(0) === 45;
    i = 1;
  }
  if (i === len || len - i > 15) return NaN;
  let n = 0;
  for (; i < len; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return neg ? -n : n;
}

function toInteger(type: ColumnType, range: readonly [bigint, bigint]): Coercer {
  const [lo, hi] = range;
  const fits = (b: bigint) => b >= lo && b <= hi;
  const loN = Number(lo);
  const hiN = Number(hi);
  return (v) => {
    let n: bigint;
    switch (typeof v) {
      case 'number':
        if (Number.isInteger(v) && v >= loN && v <= hiN && Number.isSafeInteger(v)) return v;
        if (!Number.isFinite(v)) fail(v, type);
        n = BigInt(Math.trunc(v));
        break;
      case 'bigint':
        n = v;
        break;
      case 'string': {
        const quick = smallInt(v);
        if (quick >= loN && quick <= hiN) return quick === 0 ? 0 : quick;
        const t = v.trim();
        if (!INT_TEXT.test(t)) fail(v, type, FLOAT_TEXT.test(t) ? ': not an integer' : '');
        n = BigInt(t);
        break;
      }
      case 'boolean':
        return v ? 1 : 0;
      default:
        if (v instanceof Timestamp) {
          n = v.in(v.unit);
          break;
        }
        fail(v, type);
    }
    if (!fits(n)) fail(v, type, `: out of range [${lo}, ${hi}]`);
    return n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n;
  };
}

function toFloat(type: ColumnType): Coercer {
  const round = type === 'float32' ? Math.fround : (x: number) => x;
  return (v) => {
    switch (typeof v) {
      case 'number':
        return round(v);
      case 'bigint':
        return round(Number(v));
      case 'boolean':
        return v ? 1 : 0;
      case 'string': {
        const t = v.trim();
        if (FLOAT_TEXT.test(t)) return round(Number(t));
        const l = t.toLowerCase();
        if (l === 'nan') return NaN;
        if (l === 'inf' || l === '+inf' || l === 'infinity') return Infinity;
        if (l === '-inf' || l === '-infinity') return -Infinity;
        return fail(v, type);
      }
      default:
        return fail(v, type);
    }
  };
}

// The package compiles without DOM/Node types; TextDecoder exists in every runtime we support.
declare class TextDecoder {
  decode(input: Uint8Array): string;
}
const decoder = new TextDecoder();

const toStringValue: Coercer = (v) => {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
    default:
      if (v instanceof Timestamp) return v.toISOString();
      if (v instanceof Uint8Array) return decoder.decode(v);
      return toJsonText(v);
  }
};

const toBoolean: Coercer = (v) => {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    case 'string': {
      const t = v.trim().toLowerCase();
      if (t === 'true') return true;
      if (t === 'false') return false;
      return fail(v, 'boolean', ": expected 'true' or 'false'");
    }
    default:
      return fail(v, 'boolean');
  }
};

const toJson: Coercer = (v) => (v instanceof Uint8Array ? fail(v, 'json') : v);

/** `epoch, unit` and `time`/`timestamp, unit`: integers count `unit`s, text is RFC 3339, timestamps convert. */
function toTimestamp(unit: TimeUnit, type: string): Coercer {
  const per = nsPerUnit(unit);
  const at = (units: bigint) => new Timestamp(units * per, unit);
  return (v) => {
    switch (typeof v) {
      case 'number':
        if (!Number.isFinite(v)) fail(v, type);
        return at(BigInt(Math.trunc(v)));
      case 'bigint':
        return at(v);
      case 'string': {
        const t = v.trim();
        if (INT_TEXT.test(t)) return at(BigInt(t));
        const ts = parseRfc3339(t);
        if (ts === undefined) fail(v, type, ': expected an integer or an RFC 3339 date-time');
        return at(ts.in(unit));
      }
      default:
        if (v instanceof Timestamp) return v.unit === unit ? v : at(v.in(unit));
        return fail(v, type);
    }
  };
}

/** The coercer for a parsed transform type. */
export function compileCoercer(t: TransformType, typeText: string): Coercer {
  if (t.kind !== 'plain') return toTimestamp(t.unit, typeText);
  const range = INT_RANGE[t.column];
  if (range !== undefined) return toInteger(t.column, range);
  switch (t.column) {
    case 'float32':
    case 'float64':
      return toFloat(t.column);
    case 'string':
      return toStringValue;
    case 'boolean':
      return toBoolean;
    default:
      return toJson;
  }
}

/** The value `on_failure: default` writes when no `default:` is set. */
export function zeroValue(t: TransformType): Value {
  if (t.kind !== 'plain') return new Timestamp(0n, t.unit);
  if (INT_RANGE[t.column] !== undefined) return 0;
  switch (t.column) {
    case 'float32':
    case 'float64':
      return 0;
    case 'string':
      return '';
    case 'boolean':
      return false;
    default:
      return null;
  }
}
