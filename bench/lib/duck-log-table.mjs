// The log table of bench/lib/log-table.mjs in DuckDB, for the benches that load it side by side with Sluice.
import { DuckDBTimestampValue } from '@duckdb/node-api';

export const DUCK_LOG_TABLE_DDL = 'CREATE TABLE logs (ts TIMESTAMP, host VARCHAR, level VARCHAR, status INTEGER, latency_ms DOUBLE, message VARCHAR)';

/** Appends one `logRow(k)` row ([ts ms, host, level, status, latency_ms, message]) to a DuckDB appender. */
export function appendLogRow(app, r) {
  app.appendTimestamp(new DuckDBTimestampValue(BigInt(r[0]) * 1000n));
  app.appendVarchar(r[1]);
  app.appendVarchar(r[2]);
  app.appendInteger(r[3]);
  app.appendDouble(r[4]);
  app.appendVarchar(r[5]);
  app.endRow();
}
