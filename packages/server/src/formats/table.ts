import { stringifyExact } from '@sluice/pipeline-core';
import type { StatementOutput } from '@sluice/query';
import { cellToJson } from './cell-json.js';
import { singleOutput } from './single-output.js';
import type { SqlEncoder } from './sql-output.js';

/** Display width in code points. */
const width = (s: string) => [...s].length;
const pad = (s: string, w: number, fill: string) => s + fill.repeat(w - width(s));

function renderRecords(o: Extract<StatementOutput, { kind: 'records' }>): string {
  const names = o.columns.map((c) => c.name);
  // Cells are the v1 JSON text of each value (strings quoted, timestamps as integers), as GreptimeDB prints them.
  const cells = o.rows.map((r) => o.columns.map((c, i) => stringifyExact(cellToJson(r[i] ?? null, c.type))));
  const widths = names.map((h, j) => Math.max(width(h), ...cells.map((r) => width(r[j]!))));
  const top = '┌' + names.map((h, j) => `─${pad(h, widths[j]!, '─')}─`).join('┬') + '┐';
  const body = cells.map((r) => '│' + r.map((v, j) => ` ${pad(v, widths[j]!, ' ')} `).join('│') + '│');
  const bottom = '└' + widths.map((w) => '─'.repeat(w + 2)).join('┴') + '┘';
  return [top, ...body, bottom].join('\n') + '\n';
}

/** GreptimeDB's `table`: a box-drawn table with the column names in the top border; one statement. */
export const encodeTable: SqlEncoder = (outputs) => {
  const o = singleOutput(outputs, 'table');
  const body = o === undefined ? '' : o.kind === 'affected_rows' ? `${o.count}\n` : renderRecords(o);
  return { body, contentType: 'text/plain; charset=utf-8' };
};
