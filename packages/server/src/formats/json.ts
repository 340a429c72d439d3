import { stringifyExact } from '@sluice/pipeline-core';
import type { StatementOutput } from '@sluice/query';
import { cellToJson } from './cell-json.js';
import type { SqlEncoder } from './sql-output.js';

function outputEntry(o: StatementOutput): unknown {
  if (o.kind === 'affected_rows') return { affectedrows: o.count };
  return {
    data: o.rows.map((r) => Object.fromEntries(o.columns.map((c, i) => [c.name, cellToJson(r[i] ?? null, c.type)]))),
    total_rows: o.rows.length,
  };
}

/** Rows as objects keyed by column name: `{"output":[{"data":[{...}],"total_rows":N}],"execution_time_ms":N}`. */
export const encodeJson: SqlEncoder = (outputs, elapsedMs) => ({
  body: stringifyExact({ output: outputs.map(outputEntry), execution_time_ms: elapsedMs }),
  contentType: 'application/json',
});
