import { walkScoped } from './otlp-walk.js';
import { SluiceError, StatusCode, Timestamp, type ColumnSchema, type Doc, type Value } from '@sluice/pipeline-core';
import { anyKind, anyToValue, attributesToMap, hexId } from './any-value.js';
import { u64, type KeyValue, type LogsRequest } from './otlp-types.js';

/** GreptimeDB's `opentelemetry_logs` columns, in its order. */
export const LOG_COLUMNS: readonly ColumnSchema[] = [
  { name: 'timestamp', type: 'timestamp_ns', semantic: 'timestamp' },
  { name: 'trace_id', type: 'string', semantic: 'field' },
  { name: 'span_id', type: 'string', semantic: 'field' },
  { name: 'severity_text', type: 'string', semantic: 'field' },
  { name: 'severity_number', type: 'int32', semantic: 'field' },
  { name: 'body', type: 'string', semantic: 'field' },
  { name: 'log_attributes', type: 'json', semantic: 'field' },
  { name: 'trace_flags', type: 'uint32', semantic: 'field' },
  { name: 'scope_name', type: 'string', semantic: 'tag' },
  { name: 'scope_version', type: 'string', semantic: 'field' },
  { name: 'scope_attributes', type: 'json', semantic: 'field' },
  { name: 'scope_schema_url', type: 'string', semantic: 'field' },
  { name: 'resource_attributes', type: 'json', semantic: 'field' },
  { name: 'resource_schema_url', type: 'string', semantic: 'field' },
];

export interface LogRows {
  readonly schema: readonly ColumnSchema[];
  readonly rows: Value[][];
}

/** The record's time: `time_unix_nano`, else `observed_time_unix_nano`, else `now` (ns). */
function logTime(t: bigint, observed: bigint, now: bigint): Timestamp {
  return Timestamp.fromUnit(t !== 0n ? t : observed !== 0n ? observed : now, 'ns');
}

/** `x-service-log-extract-keys`: comma-separated attribute names lifted into their own tag columns. */
export function parseExtractKeys(header: string | undefined): string[] {
  if (header === undefined) return [];
  const keys = header.split(',').map((k) => k.trim()).filter((k) => k !== '');
  for (const k of keys) {
    if (LOG_COLUMNS.some((c) => c.name === k)) throw new SluiceError(StatusCode.InvalidArguments, `x-service-log-extract-keys: '${k}' is already a column of the log table`);
  }
  return [...new Set(keys)];
}

function findAttr(lists: readonly (readonly KeyValue[] | undefined)[], key: string): KeyValue | undefined {
  for (const l of lists) {
    const kv = l?.find((x) => x.key === key);
    if (kv !== undefined) return kv;
  }
  return undefined;
}

const EXTRACT_TYPES = { string: 'string', int: 'int64', bool: 'boolean' } as const;

/**
 * One row per log record in GreptimeDB's `opentelemetry_logs` layout; `extractKeys` add tag
 * columns from the record's, then the scope's, then the resource's attributes (strings, integers
 * and booleans only: other kinds are a 400 naming the key and the record).
 */
export function logsToRows(req: LogsRequest, extractKeys: readonly string[], now: bigint): LogRows {
  const extraTypes = new Map<string, ColumnSchema['type']>();
  const rows: Value[][] = [];
  walkScoped(req.resourceLogs, (rl) => rl.scopeLogs, (sl) => sl.logRecords, {
    resource: (rl) => ({ rl, resourceMap: attributesToMap(rl.resource?.attributes) }),
    scope: (sl) => ({ sl, scopeMap: attributesToMap(sl.scope?.attributes) }),
    item: (r, { sl, scopeMap }, { rl, resourceMap }, index) => {
      const body = r.body === undefined || r.body === null ? null : anyKind(r.body) === 'string' ? r.body.stringValue! : JSON.stringify(anyToValue(r.body), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
      const row: Value[] = [
        logTime(u64(r.timeUnixNano), u64(r.observedTimeUnixNano), now),
        hexId(r.traceId) || null,
        hexId(r.spanId) || null,
        r.severityText || null,
        r.severityNumber ?? 0,
        body,
        attributesToMap(r.attributes),
        r.flags ?? 0,
        sl.scope?.name || null,
        sl.scope?.version || null,
        scopeMap,
        sl.schemaUrl || null,
        resourceMap,
        rl.schemaUrl || null,
      ];
      for (const key of extractKeys) {
        const kv = findAttr([r.attributes, sl.scope?.attributes, rl.resource?.attributes], key);
        const kind = anyKind(kv?.value);
        if (kv === undefined || kind === 'empty') {
          row.push(null);
          continue;
        }
        const type = EXTRACT_TYPES[kind as keyof typeof EXTRACT_TYPES];
        if (type === undefined) throw new SluiceError(StatusCode.InvalidArguments, `log record ${index}: attribute '${key}' named in x-service-log-extract-keys is ${kind}; only string, integer and boolean attributes can be extracted`);
        const seen = extraTypes.get(key);
        if (seen !== undefined && seen !== type) throw new SluiceError(StatusCode.InvalidArguments, `log record ${index}: attribute '${key}' is ${kind} here but ${seen} in an earlier record`);
        extraTypes.set(key, type);
        row.push(anyToValue(kv.value));
      }
      rows.push(row);
    },
  });
  const schema = [...LOG_COLUMNS, ...extractKeys.map((name): ColumnSchema => ({ name, type: extraTypes.get(name) ?? 'string', semantic: 'tag' }))];
  return { schema, rows };
}

/** Log records as documents for a pipeline: the same fields as the default table, by name. */
export function logsToDocs(req: LogsRequest, now: bigint): Doc[] {
  const { rows } = logsToRows(req, [], now);
  return rows.map((row) => {
    const doc: Doc = {};
    LOG_COLUMNS.forEach((c, i) => {
      const v = row[i]!;
      if (v !== null) doc[c.name] = c.name === 'timestamp' ? (v as Timestamp).ns : v;
    });
    return doc;
  });
}
