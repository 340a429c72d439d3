import { isValueMap, stringifyExact, toPlain, type Value } from '@sluice/pipeline-core';
import { castValue } from './cast.js';
import type { CastTarget, SqlType, SqlValue } from './sql-value.js';

/** The SQL type a JSON scalar reads as (objects and arrays stay JSON). */
export function jsonScalarType(v: Value): SqlType {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'bigint') return 'int64';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return 'json';
}

/**
 * A JSON value cast to a SQL type as GreptimeDB casts a JSON2 path value: a scalar converts as its own
 * type would (`"42"` → 42, `3.14` → 3, `true` → 1), a value that does not convert (`"bad"` to BIGINT,
 * an object to INT) is NULL rather than an error; to text, a string is itself and anything else its
 * JSON text.
 */
export function castJsonValue(v: SqlValue, to: CastTarget, timezone?: string): SqlValue {
  if (v === null) return null;
  if (to === 'json') return v;
  const j = v as Value;
  if (to === 'string') return typeof j === 'string' ? j : stringifyExact(toPlain(j));
  const from = jsonScalarType(j);
  if (from === 'json' || isValueMap(j)) return null;
  try {
    return castValue(v, from, to, timezone);
  } catch {
    return null;
  }
}
