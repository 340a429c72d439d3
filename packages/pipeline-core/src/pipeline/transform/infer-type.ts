import type { ColumnType } from '../../schema/column-type.js';
import { Timestamp } from '../../value/timestamp.js';
import type { Value } from '../../value/value.js';

const INT64_MAX = 2n ** 63n - 1n;

/** The column type of a value written without a declared type (version 2 rest, auto transform, identity). */
export function inferType(v: Value): ColumnType | undefined {
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(v) ? 'int64' : 'float64';
    case 'boolean':
      return 'boolean';
    case 'bigint':
      return v > INT64_MAX ? 'uint64' : 'int64';
    case 'object':
      if (v === null) return undefined;
      if (v instanceof Timestamp) return `timestamp_${v.unit}` as ColumnType;
      if (v instanceof Uint8Array) return 'binary';
      return 'json';
    default:
      return undefined;
  }
}
