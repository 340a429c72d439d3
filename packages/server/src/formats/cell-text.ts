import { Timestamp, timeUnitOf, type ColumnType, type Value } from '@sluice/pipeline-core';
import type { ResultColumn } from '@sluice/query';
import { cellToJson } from './cell-json.js';
import { stringifyExact } from '@sluice/pipeline-core';

const DIGITS = { s: 0, ms: 3, us: 6, ns: 9 } as const;

/** `2024-01-02 03:04:05.123` (UTC) with as many fraction digits as the column's unit. */
function timestampText(v: Timestamp | bigint | number, type: ColumnType): string {
  const unit = timeUnitOf(type) ?? 'ms';
  const ts = v instanceof Timestamp ? v : Timestamp.fromUnit(v, unit);
  const iso = new Date(Number(ts.in('ms'))).toISOString().slice(0, 19).replace('T', ' ');
  const digits = DIGITS[unit];
  if (digits === 0) return iso;
  const frac = (ts.ns - ts.in('s') * 1_000_000_000n).toString().padStart(9, '0').slice(0, digits);
  return `${iso}.${frac}`;
}

/** One cell as display text (CSV and table formats): timestamps formatted, json as JSON, null as ''. */
export function cellText(v: Value, col: ResultColumn): string {
  if (v === null) return '';
  if (col.type !== 'null' && timeUnitOf(col.type) !== undefined && (typeof v === 'bigint' || typeof v === 'number' || v instanceof Timestamp)) {
    return timestampText(v, col.type);
  }
  if (v instanceof Timestamp) return timestampText(v, `timestamp_${v.unit}`);
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return stringifyExact(cellToJson(v, col.type));
}
