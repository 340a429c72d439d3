import { toJsonText, type ColumnType, type Value } from '@sluice/pipeline-core';
import { tsvEscape } from '../sql/quote.js';

/** A stored value (see normalizeValue) as a TabSeparated field for its column's ClickHouse type. */
export function encodeValue(type: ColumnType, v: Value): string {
  if (v === null || v === undefined) return '\\N';
  switch (type) {
    case 'float32':
    case 'float64':
      return floatText(v as number);
    case 'boolean':
      return v ? '1' : '0';
    case 'string':
      return tsvEscape(v as string);
    case 'json':
      return tsvEscape(toJsonText(v));
    case 'binary':
      return Buffer.from(v as Uint8Array).toString('hex');
    default:
      return String(v);
  }
}

export function floatText(n: number): string {
  return Number.isNaN(n) ? 'nan' : n === Infinity ? 'inf' : n === -Infinity ? '-inf' : String(n);
}
