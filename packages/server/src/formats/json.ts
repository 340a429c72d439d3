import { jsonCell, stringifyCells } from './json-cells.js';
import { singleOutput } from './single-output.js';
import type { SqlEncoder } from './sql-output.js';

/**
 * GreptimeDB's `json`: rows as objects keyed by column name, `{"data":[{...}],"execution_time_ms":N}`
 * (`{"data":[],"affected_rows":N,...}` for writes); one statement.
 */
export const encodeJson: SqlEncoder = (outputs, elapsedMs) => {
  const o = singleOutput(outputs, 'json');
  let payload: unknown;
  if (o === undefined) payload = { data: [], execution_time_ms: elapsedMs };
  else if (o.kind === 'affected_rows') payload = { data: [], affected_rows: o.count, execution_time_ms: elapsedMs };
  else {
    const data = o.rows.map((r) => Object.fromEntries(o.columns.map((c, i) => [c.name, jsonCell(r[i] ?? null, c.type)])));
    payload = { data, execution_time_ms: elapsedMs };
  }
  return { body: stringifyCells(payload), contentType: 'application/json' };
};
