import type { SqlEncoder } from './sql-output.js';

/** No rows, only how many there were and the time taken (for measuring a query without encoding). */
export const encodeNull: SqlEncoder = (outputs, elapsedMs) => ({
  body:
    outputs.map((o) => (o.kind === 'affected_rows' ? `${o.count} rows affected.` : `${o.rows.length} rows in set.`)).join('\n') +
    `\nElapsed: ${elapsedMs} ms\n`,
  contentType: 'text/plain; charset=utf-8',
});
