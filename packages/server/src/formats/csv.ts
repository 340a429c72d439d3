import type { SqlEncoder } from './sql-output.js';
import { cellText } from './cell-text.js';

/** RFC 4180 quoting: fields holding a comma, quote, CR or LF are quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV rows without a header (GreptimeDB's `csv`); an affected-rows output is its count on a line. */
export const encodeCsv: SqlEncoder = (outputs) => {
  const lines: string[] = [];
  for (const o of outputs) {
    if (o.kind === 'affected_rows') {
      lines.push(String(o.count));
      continue;
    }
    for (const row of o.rows) lines.push(o.columns.map((c, i) => csvField(cellText(row[i] ?? null, c))).join(','));
  }
  return { body: lines.length === 0 ? '' : lines.join('\n') + '\n', contentType: 'text/plain; charset=utf-8' };
};
