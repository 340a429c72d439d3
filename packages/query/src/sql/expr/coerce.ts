import { castValue } from '../types/cast.js';
import { isNumericType, isTimestampType, nsPer, type CastTarget, type SqlType, type SqlValue } from '../types/sql-value.js';
import { constant, mapRows, type Compiled } from './compiled.js';

/** A compiled cast (folds constants, so a bad literal fails at plan time). */
export function castTo(c: Compiled, to: CastTarget, timezone?: string): Compiled {
  if (c.type === to) return c;
  return mapRows(to, [c], (v: SqlValue) => castValue(v, c.type, to, timezone));
}

/**
 * Brings both sides of a comparison to one type: timestamps to the finer unit (a constant goes to the
 * column's unit when exact), strings to the timestamp or number they are compared with.
 */
export function unify(l: Compiled, r: Compiled, timezone?: string): [Compiled, Compiled] {
  const lt = l.type;
  const rt = r.type;
  if (lt === rt || lt === 'null' || rt === 'null') return [l, r];
  if (isTimestampType(lt) && isTimestampType(rt)) {
    if (r.constant) return [l, tsConstantTo(r, lt)];
    if (l.constant) return [tsConstantTo(l, rt), r];
    return nsPer(lt) < nsPer(rt) ? [l, castTo(r, lt)] : [castTo(l, rt), r];
  }
  if (isTimestampType(lt) && (rt === 'string' || isNumericType(rt))) return [l, castTo(r, lt, timezone)];
  if (isTimestampType(rt) && (lt === 'string' || isNumericType(lt))) return [castTo(l, rt, timezone), r];
  if (lt === 'date' && (rt === 'string' || isTimestampType(rt))) return [l, castTo(r, 'date', timezone)];
  if (rt === 'date' && (lt === 'string' || isTimestampType(lt))) return [castTo(l, 'date', timezone), r];
  if (isNumericType(lt) && rt === 'string') return [l, castTo(r, 'float64')];
  if (isNumericType(rt) && lt === 'string') return [castTo(l, 'float64'), r];
  if (lt === 'boolean' && rt === 'string') return [l, castTo(r, 'boolean')];
  if (rt === 'boolean' && lt === 'string') return [castTo(l, 'boolean'), r];
  return [l, r];
}

function tsConstantTo(c: Compiled, to: SqlType): Compiled {
  const v = c.constant!.value;
  if (v === null) return constant(null, to);
  const ns = BigInt(v as bigint) * nsPer(c.type);
  const unit = nsPer(to);
  // Not exact in the coarser unit: compare in the finer one instead.
  if (ns % unit !== 0n) return c;
  return constant(ns / unit, to);
}
