import { walkScoped } from './otlp-walk.js';
import { Timestamp, type ColumnSchema, type ColumnType, type Value, type ValueMap } from '@sluice/pipeline-core';
import { anyKind, anyToValue, attributesToMap, hexId, type AnyKind } from './any-value.js';
import { u64, type KeyValue, type TracesRequest } from './otlp-types.js';

export const SPAN_KINDS = ['SPAN_KIND_UNSPECIFIED', 'SPAN_KIND_INTERNAL', 'SPAN_KIND_SERVER', 'SPAN_KIND_CLIENT', 'SPAN_KIND_PRODUCER', 'SPAN_KIND_CONSUMER'];
export const STATUS_CODES = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR'];

/** The fixed leading columns of a trace table (GreptimeDB's `greptime_trace_v1` order). */
export const SPAN_COLUMNS: readonly ColumnSchema[] = [
  { name: 'timestamp', type: 'timestamp_ns', semantic: 'timestamp' },
  { name: 'timestamp_end', type: 'timestamp_ns', semantic: 'field' },
  { name: 'duration_nano', type: 'uint64', semantic: 'field' },
  { name: 'parent_span_id', type: 'string', semantic: 'field' },
  { name: 'trace_id', type: 'string', semantic: 'field' },
  { name: 'span_id', type: 'string', semantic: 'field' },
  { name: 'span_kind', type: 'string', semantic: 'field' },
  { name: 'span_name', type: 'string', semantic: 'field' },
  { name: 'span_status_code', type: 'string', semantic: 'field' },
  { name: 'span_status_message', type: 'string', semantic: 'field' },
  { name: 'trace_state', type: 'string', semantic: 'field' },
  { name: 'scope_name', type: 'string', semantic: 'field' },
  { name: 'scope_version', type: 'string', semantic: 'field' },
  { name: 'service_name', type: 'string', semantic: 'tag' },
];

/** One span, its fixed columns in SPAN_COLUMNS order and its attributes still typed by wire kind. */
export interface SpanRecord {
  readonly index: number;
  readonly fixed: Value[];
  readonly spanAttributes: readonly KeyValue[];
  readonly resourceAttributes: readonly KeyValue[];
  readonly scopeAttributes: readonly KeyValue[];
  readonly events: Value;
  readonly links: Value;
}

export interface RejectedSpan {
  readonly index: number;
  readonly reason: string;
}

/** Flattens spans; a span without ids or with end before start is rejected (partial success), not the batch. */
export function spansOf(req: TracesRequest): { spans: SpanRecord[]; rejected: RejectedSpan[] } {
  const spans: SpanRecord[] = [];
  const rejected: RejectedSpan[] = [];
  walkScoped(req.resourceSpans, (rs) => rs.scopeSpans, (ss) => ss.spans, {
    resource: (rs) => {
      const resourceAttributes = rs.resource?.attributes ?? [];
      return { resourceAttributes, serviceName: resourceAttributes.find((kv) => kv.key === 'service.name') };
    },
    scope: (ss) => ss,
    item: (s, ss, { resourceAttributes, serviceName }, i) => {
      const traceId = hexId(s.traceId);
      const spanId = hexId(s.spanId);
      const start = u64(s.startTimeUnixNano);
      const end = u64(s.endTimeUnixNano);
      if (traceId.length !== 32) {
        rejected.push({ index: i, reason: `span ${i}: trace_id must be 16 bytes, got ${traceId.length / 2}` });
        return;
      }
      if (spanId.length !== 16) {
        rejected.push({ index: i, reason: `span ${i}: span_id must be 8 bytes, got ${spanId.length / 2}` });
        return;
      }
      if (end < start) {
        rejected.push({ index: i, reason: `span ${i}: end_time_unix_nano is before start_time_unix_nano` });
        return;
      }
      spans.push({
        index: i,
        fixed: [
          Timestamp.fromUnit(start, 'ns'),
          Timestamp.fromUnit(end, 'ns'),
          end - start,
          hexId(s.parentSpanId) || null,
          traceId,
          spanId,
          SPAN_KINDS[s.kind ?? 0] ?? `SPAN_KIND_${s.kind}`,
          s.name ?? '',
          STATUS_CODES[s.status?.code ?? 0] ?? `STATUS_CODE_${s.status?.code}`,
          s.status?.message || null,
          s.traceState || null,
          ss.scope?.name || null,
          ss.scope?.version || null,
          serviceName === undefined ? null : String(anyToValue(serviceName.value)),
        ],
        spanAttributes: s.attributes ?? [],
        resourceAttributes,
        scopeAttributes: ss.scope?.attributes ?? [],
        events: (s.events ?? []).map((e) => ({ name: e.name ?? '', time: u64(e.timeUnixNano).toString(), attributes: attributesToMap(e.attributes) })) as unknown as Value,
        links: (s.links ?? []).map((l) => ({ trace_id: hexId(l.traceId), span_id: hexId(l.spanId), trace_state: l.traceState ?? '', attributes: attributesToMap(l.attributes) })) as unknown as Value,
      });
    },
  });
  return { spans, rejected };
}

/** Column type for an attribute kind; arrays and maps are JSON. */
const KIND_TYPES: Record<AnyKind, ColumnType | undefined> = {
  string: 'string', bool: 'boolean', int: 'int64', double: 'float64', bytes: 'string', array: 'json', kvlist: 'json', empty: undefined,
};

/** Widening between kinds within one batch: Int64 and Float64 meet at Float64; any other mix has no common type. */
function widen(a: ColumnType, b: ColumnType): ColumnType | undefined {
  if (a === b) return a;
  if ((a === 'int64' && b === 'float64') || (a === 'float64' && b === 'int64')) return 'float64';
  return undefined;
}

/** Can a value of `kind` be written to an existing column of `type`? (ints widen into Float64) */
function fits(kind: AnyKind, type: ColumnType): boolean {
  const t = KIND_TYPES[kind];
  return t === undefined || t === type || (t === 'int64' && type === 'float64');
}

function convert(kv: KeyValue, type: ColumnType): Value {
  const v = anyToValue(kv.value);
  return type === 'float64' && typeof v === 'bigint' ? Number(v) : v;
}

export interface TraceRows {
  readonly schema: ColumnSchema[];
  readonly rows: Value[][];
  readonly rejected: RejectedSpan[];
}

/**
 * The `service_trace_v1` layout: fixed columns, then `span_attributes.<key>` and
 * `resource_attributes.<key>` columns (one per attribute, typed from the wire: string, Int64,
 * Float64, Boolean, JSON for arrays and maps), then `span_events` and `span_links` (JSON).
 * Types are decided for the whole batch first: Int64 and Float64 of one key widen to Float64, also
 * when the Int64 column already exists (the write then widens it: `widenColumns`); any other
 * existing column keeps its type. A span whose value fits neither is rejected alone (partial
 * success) and the rest of the batch is written.
 */
export function flattenedTraceRows(spans: readonly SpanRecord[], existing: ReadonlyMap<string, ColumnType>, rejectedIn: readonly RejectedSpan[]): TraceRows {
  const types = new Map<string, ColumnType>();
  const order: string[] = [];
  const rejected = [...rejectedIn];
  const cols = (s: SpanRecord): [string, KeyValue][] => [
    ...s.spanAttributes.map((kv): [string, KeyValue] => [`span_attributes.${kv.key}`, kv]),
    ...s.resourceAttributes.map((kv): [string, KeyValue] => [`resource_attributes.${kv.key}`, kv]),
  ];
  // Pass 1: the batch's type per column (first kind seen wins over an incompatible later one).
  for (const s of spans) {
    for (const [col, kv] of cols(s)) {
      const t = KIND_TYPES[anyKind(kv.value)];
      if (t === undefined) continue;
      const have = types.get(col) ?? existing.get(col);
      if (!types.has(col) && have !== undefined) {
        // An existing column: an Int64 one meeting a double widens to Float64 (the store rewrites it
        // with the batch, WriteRequest.widenColumns); otherwise it keeps its type.
        types.set(col, widen(have, t) ?? have);
        order.push(col);
        continue;
      }
      if (have === undefined) {
        types.set(col, t);
        order.push(col);
      } else {
        const w = widen(have, t);
        if (w !== undefined) types.set(col, w);
      }
    }
  }
  // Pass 2: rows; a span with a value that does not fit its column is rejected alone.
  const pos = new Map(order.map((c, i) => [c, SPAN_COLUMNS.length + i]));
  const width = SPAN_COLUMNS.length + order.length + 2;
  const rows: Value[][] = [];
  for (const s of spans) {
    const row: Value[] = new Array(width).fill(null);
    for (let i = 0; i < s.fixed.length; i++) row[i] = s.fixed[i]!;
    let bad: string | undefined;
    for (const [col, kv] of cols(s)) {
      const kind = anyKind(kv.value);
      const type = types.get(col);
      if (type === undefined || kind === 'empty') continue;
      if (!fits(kind, type)) {
        bad = `span ${s.index}: attribute '${col}' is ${kind}, but the column is ${type}`;
        break;
      }
      row[pos.get(col)!] = convert(kv, type);
    }
    if (bad !== undefined) {
      rejected.push({ index: s.index, reason: bad });
      continue;
    }
    row[width - 2] = s.events;
    row[width - 1] = s.links;
    rows.push(row);
  }
  const schema: ColumnSchema[] = [
    ...SPAN_COLUMNS,
    ...order.map((name): ColumnSchema => ({ name, type: types.get(name)!, semantic: 'field' })),
    { name: 'span_events', type: 'json', semantic: 'field' },
    { name: 'span_links', type: 'json', semantic: 'field' },
  ];
  return { schema, rows, rejected };
}

/** The default layout (no pipeline header): attributes as JSON columns instead of flattened ones. */
export function jsonTraceRows(spans: readonly SpanRecord[], rejected: readonly RejectedSpan[]): TraceRows {
  const schema: ColumnSchema[] = [
    ...SPAN_COLUMNS,
    { name: 'span_attributes', type: 'json', semantic: 'field' },
    { name: 'resource_attributes', type: 'json', semantic: 'field' },
    { name: 'scope_attributes', type: 'json', semantic: 'field' },
    { name: 'span_events', type: 'json', semantic: 'field' },
    { name: 'span_links', type: 'json', semantic: 'field' },
  ];
  const map = (kvs: readonly KeyValue[]): ValueMap => attributesToMap(kvs as KeyValue[]);
  const rows = spans.map((s) => [...s.fixed, map(s.spanAttributes), map(s.resourceAttributes), map(s.scopeAttributes), s.events, s.links]);
  return { schema, rows, rejected: [...rejected] };
}
