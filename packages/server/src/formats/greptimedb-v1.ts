import type { StatementOutput } from '@sluice/query';
import { stringifyCells } from './json-cells.js';
import { rowsJson } from './json-rows.js';
import type { SqlEncoder } from './sql-output.js';

function outputEntry(o: StatementOutput): unknown {
  if (o.kind === 'affected_rows') return { affectedrows: o.count };
  return {
    records: {
      schema: { column_schemas: o.columns.map((c) => ({ name: c.name, data_type: c.dataType })) },
      rows: rowsJson(o.rows, o.columns),
      total_rows: o.rows.length,
    },
  };
}

/** GreptimeDB's default JSON: `{"output":[{"records":{schema,rows,total_rows}} | {"affectedrows":N}],"execution_time_ms":N}`. */
export const encodeGreptimedbV1: SqlEncoder = (outputs, elapsedMs) => ({
  body: stringifyCells({ output: outputs.map(outputEntry), execution_time_ms: elapsedMs }),
  contentType: 'application/json',
});
