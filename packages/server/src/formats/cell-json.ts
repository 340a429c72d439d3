import { Timestamp, timeUnitOf, toPlain, type ColumnType, type Value } from '@sluice/pipeline-core';

/**
 * One cell as a JSON-ready value (bigints kept for `stringifyExact`): timestamps as integers in the
 * column's unit (GreptimeDB's wire form), binary as base64, json columns as their parsed value.
 */
export function cellToJson(v: Value, type?: ColumnType | 'null'): unknown {
  if (v instanceof Timestamp) {
    const unit = (type !== undefined && type !== 'null' ? timeUnitOf(type) : undefined) ?? v.unit;
    const n = v.in(unit);
    return Number.isSafeInteger(Number(n)) ? Number(n) : n;
  }
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return toPlain(v);
}
