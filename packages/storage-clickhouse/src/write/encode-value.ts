import { toJsonText, type ColumnType, type Value } from '@sluice/pipeline-core';
import { tsvEscape } from '../sql/quote.js';

/** A non-null stored value (see normalizeValue) as a TabSeparated field. */
export type FieldEncoder = (v: Value) => string;

const floatField: FieldEncoder = (v) => floatText(v as number);
const boolField: FieldEncoder = (v) => (v ? '1' : '0');
const stringField: FieldEncoder = (v) => tsvEscape(v as string);
const jsonField: FieldEncoder = (v) => tsvEscape(toJsonText(v));
const binaryField: FieldEncoder = (v) => Buffer.from(v as Uint8Array).toString('hex');
const plainField: FieldEncoder = (v) => String(v);

/** The encoder of a column's non-null values, chosen once per column of a batch. */
export function fieldEncoder(type: ColumnType): FieldEncoder {
  switch (type) {
    case 'float32':
    case 'float64':
      return floatField;
    case 'boolean':
      return boolField;
    case 'string':
      return stringField;
    case 'json':
      return jsonField;
    case 'binary':
      return binaryField;
    default:
      return plainField;
  }
}

export function floatText(n: number): string {
  return Number.isNaN(n) ? 'nan' : n === Infinity ? 'inf' : n === -Infinity ? '-inf' : String(n);
}
