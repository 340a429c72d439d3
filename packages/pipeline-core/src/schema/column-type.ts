import type { TimeUnit } from '../value/timestamp.js';

/** Column types, shared by transform, storage and the query engines (one source of truth). */
export const COLUMN_TYPES = [
  'int8', 'int16', 'int32', 'int64',
  'uint8', 'uint16', 'uint32', 'uint64',
  'float32', 'float64',
  'string', 'boolean', 'json', 'binary',
  'timestamp_s', 'timestamp_ms', 'timestamp_us', 'timestamp_ns',
] as const;

export type ColumnType = (typeof COLUMN_TYPES)[number];

export type Semantic = 'timestamp' | 'tag' | 'field';

export type IndexKind = 'fulltext' | 'inverted' | 'skipping';

export interface ColumnSchema {
  readonly name: string;
  readonly type: ColumnType;
  readonly semantic: Semantic;
  /** Secondary index declared by a transform (`index: fulltext`, ...). */
  readonly index?: IndexKind;
  /** Options of a fulltext or skipping index (`analyzer`, `granularity`, ...), as text. */
  readonly indexOptions?: Readonly<Record<string, string>>;
}

/** GreptimeDB's display names (the `data_type` of `/v1/sql` output, DESC TABLE). */
export const COLUMN_TYPE_DISPLAY: Record<ColumnType, string> = {
  int8: 'Int8', int16: 'Int16', int32: 'Int32', int64: 'Int64',
  uint8: 'UInt8', uint16: 'UInt16', uint32: 'UInt32', uint64: 'UInt64',
  float32: 'Float32', float64: 'Float64',
  string: 'String', boolean: 'Boolean', json: 'Json', binary: 'Binary',
  timestamp_s: 'TimestampSecond', timestamp_ms: 'TimestampMillisecond',
  timestamp_us: 'TimestampMicrosecond', timestamp_ns: 'TimestampNanosecond',
};

export function timestampType(unit: TimeUnit): ColumnType {
  return `timestamp_${unit}` as ColumnType;
}

export function timeUnitOf(type: ColumnType): TimeUnit | undefined {
  return type.startsWith('timestamp_') ? (type.slice(10) as TimeUnit) : undefined;
}

export function isIntegerType(t: ColumnType): boolean {
  return t.startsWith('int') || t.startsWith('uint');
}

export function isFloatType(t: ColumnType): boolean {
  return t === 'float32' || t === 'float64';
}
