import { decimalDisplay, isDecimalType } from './decimal.js';
import type { SqlType } from './sql-value.js';

const NAMES: Record<string, string> = {
  int8: 'Int8', int16: 'Int16', int32: 'Int32', int64: 'Int64',
  uint8: 'UInt8', uint16: 'UInt16', uint32: 'UInt32', uint64: 'UInt64',
  float32: 'Float32', float64: 'Float64', string: 'Utf8', boolean: 'Boolean', json: 'Binary', binary: 'Binary',
  timestamp_s: 'Timestamp(s)', timestamp_ms: 'Timestamp(ms)', timestamp_us: 'Timestamp(µs)', timestamp_ns: 'Timestamp(ns)',
  null: 'Null', interval: 'Interval(MonthDayNano)', date: 'Date32',
};

/** The Arrow data type name of a SQL type as DataFusion prints it (`arrow_typeof`, error messages). */
export function arrowTypeName(t: SqlType): string {
  if (isDecimalType(t)) return decimalDisplay(t);
  return NAMES[t] ?? String(t);
}
