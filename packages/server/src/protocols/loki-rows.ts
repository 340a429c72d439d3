import { SluiceError, StatusCode, Timestamp, type ColumnSchema, type Doc, type TableOptions, type Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { LokiStream } from './loki-push.js';

export const LOKI_TIME_INDEX = 'service_timestamp';
export const LOKI_LINE = 'line';
export const LOKI_METADATA = 'structured_metadata';
const RESERVED = new Set([LOKI_TIME_INDEX, LOKI_LINE, LOKI_METADATA]);

/**
 * GreptimeDB's Loki table: `service_timestamp` (ns), `line`, `structured_metadata` (JSON), then one
 * String tag column per stream label, in first-seen order.
 */
export function lokiToWrite(streams: readonly LokiStream[], db: string, table: string, options: TableOptions): WriteRequest {
  const schema: ColumnSchema[] = [
    { name: LOKI_TIME_INDEX, type: 'timestamp_ns', semantic: 'timestamp' },
    { name: LOKI_LINE, type: 'string', semantic: 'field' },
    { name: LOKI_METADATA, type: 'json', semantic: 'field' },
  ];
  const index = new Map<string, number>();
  for (const [i, st] of streams.entries()) {
    for (const name of Object.keys(st.labels)) {
      if (RESERVED.has(name)) throw new SluiceError(StatusCode.InvalidArguments, `streams[${i}]: label '${name}' clashes with the column of the same name`);
      if (!index.has(name)) {
        index.set(name, schema.length);
        schema.push({ name, type: 'string', semantic: 'tag' });
      }
    }
  }
  const rows: Value[][] = [];
  for (const st of streams) {
    const tags: Value[] = new Array(schema.length - 3).fill(null);
    for (const [k, v] of Object.entries(st.labels)) tags[index.get(k)! - 3] = v;
    for (const e of st.entries) rows.push([e.ns, e.line, e.metadata as Value, ...tags]);
  }
  return { db, table, schema, rows, options };
}

/**
 * Entries as pipeline input, as GreptimeDB names them: `service_timestamp`, `loki_line`,
 * `loki_label_<name>` per stream label, `loki_metadata_<name>` per structured metadata pair.
 */
export function lokiToDocs(streams: readonly LokiStream[]): Doc[] {
  const docs: Doc[] = [];
  for (const st of streams) {
    for (const e of st.entries) {
      const doc: Doc = { [LOKI_TIME_INDEX]: new Timestamp(e.ns, 'ns'), loki_line: e.line };
      for (const [k, v] of Object.entries(st.labels)) doc[`loki_label_${k}`] = v;
      for (const [k, v] of Object.entries(e.metadata)) doc[`loki_metadata_${k}`] = v;
      docs.push(doc);
    }
  }
  return docs;
}
