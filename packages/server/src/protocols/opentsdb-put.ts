import type { ColumnSchema, TableOptions, Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';

/**
 * OpenTSDB `/api/put` bodies, decoded without HTTP: one data point object or an array of them,
 * `{"metric": "sys.cpu.nice", "timestamp": 1700000000, "value": 18, "tags": {"host": "web01"}}`.
 * Timestamps of up to 10 digits are seconds, 11 to 13 digits milliseconds (OpenTSDB's rule); values
 * are numbers or numeric strings; at least one tag is required, as OpenTSDB requires.
 */

export const OPENTSDB_TIME_INDEX = 'service_timestamp';
export const OPENTSDB_VALUE = 'service_value';

export interface TsdbPoint {
  readonly metric: string;
  readonly timestampMs: number;
  readonly value: number;
  readonly tags: Readonly<Record<string, string>>;
}

/** One point that failed, in OpenTSDB's `details` shape: the datapoint as sent and the reason. */
export interface TsdbPointError {
  readonly datapoint: unknown;
  readonly error: string;
}

export interface TsdbDecoded {
  readonly points: TsdbPoint[];
  readonly errors: TsdbPointError[];
}

const NAME_RE = /^[\p{L}\p{N}\-_./]+$/u;

function checkPoint(raw: unknown): TsdbPoint | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'Expected a data point object';
  const p = raw as Record<string, unknown>;
  if (typeof p.metric !== 'string' || p.metric === '') return 'Missing metric';
  if (!NAME_RE.test(p.metric)) return `Invalid metric name ("${p.metric}"): illegal character`;
  if (p.timestamp === undefined || p.timestamp === null) return 'Missing timestamp';
  const ts = typeof p.timestamp === 'string' && /^\d+$/.test(p.timestamp) ? Number(p.timestamp) : p.timestamp;
  if (typeof ts !== 'number' || !Number.isInteger(ts) || ts <= 0) return `Invalid timestamp: ${JSON.stringify(p.timestamp)}`;
  const digits = String(ts).length;
  if (digits > 13) return `Invalid timestamp: ${ts} has more than 13 digits`;
  if (p.value === undefined || p.value === null || p.value === '') return 'Missing value';
  const value = typeof p.value === 'string' && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(p.value.trim()) ? Number(p.value) : p.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `Unable to parse value to a number: ${JSON.stringify(p.value)}`;
  if (p.tags === null || typeof p.tags !== 'object' || Array.isArray(p.tags) || Object.keys(p.tags).length === 0) {
    return 'Missing tags: at least one tag pair must be present';
  }
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.tags as Record<string, unknown>)) {
    if (!NAME_RE.test(k)) return `Invalid tag name ("${k}"): illegal character`;
    if (typeof v !== 'string' && typeof v !== 'number') return `Invalid tag value for "${k}": expected a string`;
    const s = String(v);
    if (!NAME_RE.test(s)) return `Invalid tag value ("${s}"): illegal character`;
    if (k === OPENTSDB_TIME_INDEX || k === OPENTSDB_VALUE) return `Invalid tag name ("${k}"): reserved column name`;
    tags[k] = s;
  }
  return { metric: p.metric, timestampMs: digits > 10 ? ts : ts * 1000, value, tags };
}

/** Parses the body; a body that is not JSON, or not a point or array, throws with the JSON error. */
export function decodeOpenTsdbPut(body: string): TsdbDecoded {
  const parsed: unknown = JSON.parse(body);
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const points: TsdbPoint[] = [];
  const errors: TsdbPointError[] = [];
  for (let i = 0; i < items.length; i++) {
    const r = checkPoint(items[i]);
    if (typeof r === 'string') errors.push({ datapoint: items[i], error: `${r} (data point ${i})` });
    else points.push(r);
  }
  return { points, errors };
}

/** One write per metric: tag columns, `service_value` (Float64) and the millisecond time index. */
export function openTsdbToWrites(points: readonly TsdbPoint[], db: string, options: TableOptions): WriteRequest[] {
  const tables = new Map<string, { schema: ColumnSchema[]; index: Map<string, number>; rows: Value[][] }>();
  for (const p of points) {
    let t = tables.get(p.metric);
    if (t === undefined) {
      t = {
        schema: [{ name: OPENTSDB_TIME_INDEX, type: 'timestamp_ms', semantic: 'timestamp' }, { name: OPENTSDB_VALUE, type: 'float64', semantic: 'field' }],
        index: new Map(),
        rows: [],
      };
      tables.set(p.metric, t);
    }
    const row: Value[] = [p.timestampMs, p.value];
    for (const [k, v] of Object.entries(p.tags)) {
      let j = t.index.get(k);
      if (j === undefined) {
        j = t.schema.length;
        t.schema.push({ name: k, type: 'string', semantic: 'tag' });
        t.index.set(k, j);
      }
      row[j] = v;
    }
    t.rows.push(row);
  }
  return [...tables].map(([table, t]) => ({
    db,
    table,
    schema: t.schema,
    rows: t.rows.map((r) => Array.from({ length: t.schema.length }, (_, j) => r[j] ?? null)),
    options,
  }));
}
