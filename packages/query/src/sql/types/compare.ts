import { stringifyExact, toPlain, type Value } from '@sluice/pipeline-core';
import { Interval, type SqlValue } from './sql-value.js';
import { compareDecimals, Decimal } from './decimal.js';

/** Orders two non-null values of comparable kinds (numbers and bigints mix; timestamps are bigints). */
export function compareValues(a: SqlValue, b: SqlValue): number {
  if (a instanceof Decimal || b instanceof Decimal) {
    if (a instanceof Decimal && b instanceof Decimal) return compareDecimals(a, b);
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint')) {
    if ((a as number) < (b as number)) return -1;
    if ((a as number) > (b as number)) return 1;
    if (a == b) return 0; // eslint-disable-line eqeqeq -- 1n == 1
    // NaN is involved: NaN equals NaN and sorts above every other number (DataFusion's total order).
    const an = a !== a; // eslint-disable-line no-self-compare
    const bn = b !== b; // eslint-disable-line no-self-compare
    return an === bn ? 0 : an ? 1 : -1;
  }
  if (ta === 'string' && tb === 'string') return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  if (ta === 'boolean' && tb === 'boolean') return Number(a) - Number(b);
  if (a instanceof Interval && b instanceof Interval) return a.months !== b.months ? a.months - b.months : a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  }
  const sa = textOf(a);
  const sb = textOf(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function textOf(v: SqlValue): string {
  if (typeof v === 'string') return v;
  if (v instanceof Interval) return v.toString();
  return stringifyExact(toPlain(v as Value));
}

/** Equality with SQL semantics for non-null values (1 = 1.0, 1n = 1). */
export function valuesEqual(a: SqlValue, b: SqlValue): boolean {
  if (a === b) return true;
  return compareValues(a, b) === 0;
}

/** A hash key for grouping, DISTINCT and joins: equal values give equal keys. */
export function keyOf(v: SqlValue): string {
  if (v === null) return '\u0000';
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return `n${v}`;
    case 'string':
      return `s${v}`;
    case 'boolean':
      return v ? 'T' : 'F';
    default:
      if (v instanceof Decimal) return `n${v.scale > 0 ? v.toString().replace(/0+$/, '').replace(/\.$/, '') : v.toString()}`;
      return `o${textOf(v)}`;
  }
}
