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
