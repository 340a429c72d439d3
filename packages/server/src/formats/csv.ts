import { stringifyExact } from '@sluice/pipeline-core';
import type { ResultColumn } from '@sluice/query';
import { cellToJson } from './cell-json.js';
import { singleOutput } from './single-output.js';
import type { SqlEncoder } from './sql-output.js';

/** RFC 4180 quoting: fields holding a comma, quote, CR or LF are quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell as CSV text: the v1 JSON value, strings bare, null empty, arrays and objects as JSON. */
function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return csvField(v);
  if (typeof v === 'object') return csvField(stringifyExact(v));
  return String(v);
}

const line = (cells: readonly string[]) => cells.join(',') + '\r\n';

/**
 * GreptimeDB's `csv` (rows only), `csvWithNames` (a header of names) and `csvWithNamesAndTypes`
 * (then a row of types): CRLF line ends, one statement's output; affected rows is its count.
 */
export function csvEncoder(withNames: boolean, withTypes: boolean, format: string): SqlEncoder {
  return (outputs) => {
    const o = singleOutput(outputs, format);
    let body = '';
    if (o?.kind === 'affected_rows') body = `${o.count}\n`;
    else if (o !== undefined) {
      const cols: readonly ResultColumn[] = o.columns;
      if (withNames) body += line(cols.map((c) => csvField(c.name)));
      if (withTypes) body += line(cols.map((c) => csvField(c.dataType)));
      for (const row of o.rows) body += line(cols.map((c, i) => csvCell(cellToJson(row[i] ?? null, c.type))));
    }
    return { body, contentType: 'text/csv; charset=utf-8' };
  };
}
