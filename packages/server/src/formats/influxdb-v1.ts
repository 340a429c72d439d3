import type { StatementOutput } from '@sluice/query';
import { stringifyCells } from './json-cells.js';
import { rowsJson } from './json-rows.js';
import type { SqlEncoder } from './sql-output.js';

/**
 * GreptimeDB's `format=influxdb_v1`: `{"results":[{"statement_id":0,"series":[{"name":"","columns":[...],
 * "values":[[...]]}]}],"execution_time_ms":N}`; a write gives a result with no series. Timestamps are
 * integers in their column's unit (GreptimeDB's `epoch` parameter is not supported).
 */
function result(o: StatementOutput, i: number): unknown {
  if (o.kind === 'affected_rows') return { statement_id: i, series: [] };
  return { statement_id: i, series: [{ name: '', columns: o.columns.map((c) => c.name), values: rowsJson(o.rows, o.columns) }] };
}

export const encodeInfluxdbV1: SqlEncoder = (outputs, elapsedMs) => ({
  body: stringifyCells({ results: outputs.map(result), execution_time_ms: elapsedMs }),
  contentType: 'application/json',
});
