/** The decoded OTLP messages as protobufjs produces them (camelCase, int64 as Long, bytes as Uint8Array). */
export interface Long64 {
  readonly low: number;
  readonly high: number;
  readonly unsigned: boolean;
  toNumber(): number;
  toString(): string;
}
export type U64 = Long64 | number | string | null | undefined;

export interface AnyValue {
  stringValue?: string | null;
  boolValue?: boolean | null;
  intValue?: U64;
  doubleValue?: number | null;
  arrayValue?: { values?: AnyValue[] } | null;
  kvlistValue?: { values?: KeyValue[] } | null;
  bytesValue?: Uint8Array | null;
  value?: string;
}
export interface KeyValue {
  key?: string;
  value?: AnyValue | null;
}
export interface Scope {
  name?: string;
  version?: string;
  attributes?: KeyValue[];
}
export interface Resource {
  attributes?: KeyValue[];
}

export interface LogRecord {
  timeUnixNano?: U64;
  observedTimeUnixNano?: U64;
  severityNumber?: number;
  severityText?: string;
  body?: AnyValue | null;
  attributes?: KeyValue[];
  flags?: number;
  traceId?: Uint8Array;
  spanId?: Uint8Array;
  eventName?: string;
}
export interface LogsRequest {
  resourceLogs?: { resource?: Resource | null; schemaUrl?: string; scopeLogs?: { scope?: Scope | null; schemaUrl?: string; logRecords?: LogRecord[] }[] }[];
}

export interface Span {
  traceId?: Uint8Array;
  spanId?: Uint8Array;
  traceState?: string;
  parentSpanId?: Uint8Array;
  flags?: number;
  name?: string;
  kind?: number;
  startTimeUnixNano?: U64;
  endTimeUnixNano?: U64;
  attributes?: KeyValue[];
  events?: { timeUnixNano?: U64; name?: string; attributes?: KeyValue[] }[];
  links?: { traceId?: Uint8Array; spanId?: Uint8Array; traceState?: string; attributes?: KeyValue[] }[];
  status?: { message?: string; code?: number } | null;
}
export interface TracesRequest {
  resourceSpans?: { resource?: Resource | null; schemaUrl?: string; scopeSpans?: { scope?: Scope | null; schemaUrl?: string; spans?: Span[] }[] }[];
}

export interface NumberDataPoint {
  attributes?: KeyValue[];
  timeUnixNano?: U64;
  asDouble?: number | null;
  asInt?: U64;
  value?: 'asDouble' | 'asInt';
  flags?: number;
}
export interface HistogramDataPoint {
  attributes?: KeyValue[];
  timeUnixNano?: U64;
  count?: U64;
  sum?: number | null;
  bucketCounts?: U64[];
  explicitBounds?: number[];
  flags?: number;
}
export interface SummaryDataPoint {
  attributes?: KeyValue[];
  timeUnixNano?: U64;
  count?: U64;
  sum?: number;
  quantileValues?: { quantile?: number; value?: number }[];
  flags?: number;
}
export interface Metric {
  name?: string;
  description?: string;
  unit?: string;
  gauge?: { dataPoints?: NumberDataPoint[] } | null;
  sum?: { dataPoints?: NumberDataPoint[]; aggregationTemporality?: number; isMonotonic?: boolean } | null;
  histogram?: { dataPoints?: HistogramDataPoint[]; aggregationTemporality?: number } | null;
  exponentialHistogram?: { dataPoints?: unknown[] } | null;
  summary?: { dataPoints?: SummaryDataPoint[] } | null;
  data?: 'gauge' | 'sum' | 'histogram' | 'exponentialHistogram' | 'summary';
}
export interface MetricsRequest {
  resourceMetrics?: { resource?: Resource | null; schemaUrl?: string; scopeMetrics?: { scope?: Scope | null; schemaUrl?: string; metrics?: Metric[] }[] }[];
}

export interface OtlpRequests {
  logs: LogsRequest;
  traces: TracesRequest;
  metrics: MetricsRequest;
}

/** An unsigned 64-bit value (nanosecond timestamps, counts) as a bigint; 0n when absent. */
export function u64(v: U64): bigint {
  if (v === null || v === undefined) return 0n;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  if (typeof v === 'string') return BigInt(v);
  return (BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0);
}

/** A signed 64-bit value as a number (metric `as_int`, `int_value`); exact while it fits 2^53. */
export function i64(v: U64): number | bigint {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const b = BigInt(v);
    return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
  }
  if (v.high === 0 || (v.high === -1 && v.low < 0 && !v.unsigned)) return v.toNumber();
  const b = BigInt(v.toString());
  return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
}
