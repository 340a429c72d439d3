import { isIntegerType, type ColumnType, type Value } from '@sluice/pipeline-core';
import { MISMATCH, normalizeValue } from './normalize-value.js';

/**
 * Changing a field column's type (SQL `ALTER TABLE t MODIFY COLUMN c <type>`): which types convert and
 * how one stored value converts, as SQL's CAST does (GreptimeDB / Arrow rules). Numbers, booleans and
 * strings convert among each other; a value that does not fit the new type (a string that is no number,
 * a float beyond the integer range) becomes null, which is why the column must be nullable.
 */
const CASTABLE = (t: ColumnType): boolean => isIntegerType(t) || t === 'float32' || t === 'float64' || t === 'boolean' || t === 'string';

export function castsTo(from: ColumnType, to: ColumnType): boolean {
  return from === to || (CASTABLE(from) && CASTABLE(to));
}

const TRUE = new Set(['true', 't', 'yes', 'y', 'on', '1']);
const FALSE = new Set(['false', 'f', 'no', 'n', 'off', '0']);

/** A float as text the way GreptimeDB prints it: an integral value keeps `.0`; infinities as `inf`. */
function floatText(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (Number.isInteger(v) && Math.abs(v) < 1e16) return Object.is(v, -0) ? '-0.0' : `${v}.0`;
  return String(v).replace('e+', 'e');
}

/** `v` (stored as `from`) as a `to` value, or null when it does not convert. `castsTo(from, to)` must hold. */
export function castStored(from: ColumnType, to: ColumnType, v: Value): Value {
  if (v === null || from === to) return v;
  let out: Value;
  if (to === 'string') {
    out = typeof v === 'number' && (from === 'float32' || from === 'float64') ? floatText(v) : String(v);
  } else if (to === 'boolean') {
    if (typeof v === 'string') out = TRUE.has(v.trim().toLowerCase()) ? true : FALSE.has(v.trim().toLowerCase()) ? false : null;
    else out = typeof v === 'bigint' ? v !== 0n : v !== 0;
  } else {
    let n: number | bigint | null;
    if (typeof v === 'boolean') n = v ? 1 : 0;
    else if (typeof v === 'string') n = parseNumber(v.trim(), isIntegerType(to));
    else n = v as number | bigint;
    if (n !== null && typeof n === 'number' && isIntegerType(to)) n = Number.isFinite(n) ? Math.trunc(n) : null;
    if (n !== null && to === 'float32') n = Math.fround(Number(n));
    out = n;
  }
  const stored = out === null ? null : normalizeValue(to, out);
  return stored === MISMATCH ? null : stored;
}

function parseNumber(s: string, integer: boolean): number | bigint | null {
  if (integer) {
    if (!/^[+-]?\d+$/.test(s)) return null;
    const b = BigInt(s);
    return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
  }
  const lower = s.toLowerCase();
  if (lower === 'nan') return NaN;
  if (lower === 'inf' || lower === '+inf' || lower === 'infinity' || lower === '+infinity') return Infinity;
  if (lower === '-inf' || lower === '-infinity') return -Infinity;
  if (s === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  return Number(s);
}
