// The 6-column log table the storage and SQL benches write: time index, one tag, four fields.
export const LOG_SCHEMA = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'level', type: 'string', semantic: 'field' },
  { name: 'status', type: 'int32', semantic: 'field' },
  { name: 'latency_ms', type: 'float64', semantic: 'field' },
  { name: 'message', type: 'string', semantic: 'field', index: 'fulltext' },
];

/** Level distribution: 60% info, 20% warn, 20% error (row k gets LEVELS[k % 5]). */
export const LEVELS = ['info', 'info', 'info', 'warn', 'error'];

/** The query benches' rows: row k is at T0 + k * STEP_MS (1M rows cover about 16.7 hours). */
export const T0 = Date.UTC(2026, 0, 1);
export const STEP_MS = 60;
const PATHS = ['/api/v1/users', '/api/v1/orders/42', '/static/app.js', '/healthz', '/api/v1/search?q=sluice'];

/** Row k of the log table, in LOG_SCHEMA order: [ts ms, host, level, status, latency_ms, message]. */
export function logRow(k) {
  const tail = k % 13 === 0 ? ' error: upstream timeout' : k % 17 === 0 ? ' retry after timeout' : '';
  return [T0 + k * STEP_MS, `host-${k % 1000}`, LEVELS[k % 5], 200 + (k % 7) * 50, (k % 1000) / 7, `GET ${PATHS[k % 5]} took ${k % 1000}ms${tail}`];
}

/** The same table as a pipeline for /v1/ingest (JSON objects with `ts` in epoch milliseconds). */
export const LOG_PIPELINE = `transform:
  - field: host
    type: string
    index: tag
  - field: level
    type: string
  - field: status
    type: int32
  - field: latency_ms
    type: float64
  - field: message
    type: string
    index: fulltext
  - field: ts
    type: epoch, ms
    index: timestamp
`;
