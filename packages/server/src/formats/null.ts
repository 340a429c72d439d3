import { singleOutput } from './single-output.js';
import type { SqlEncoder } from './sql-output.js';

/** GreptimeDB's `null`: only the row count and the time taken (to measure a query without encoding it). */
export const encodeNull: SqlEncoder = (outputs, elapsedMs) => {
  const o = singleOutput(outputs, 'null');
  const rows = o === undefined ? '0 rows in set.' : o.kind === 'affected_rows' ? `${o.count} rows affected.` : `${o.rows.length} rows in set.`;
  return { body: `${rows}\nElapsed: ${(elapsedMs / 1000).toFixed(3)} sec.\n`, contentType: 'text/plain; charset=utf-8' };
};
