import type { StatementOutput } from '@sluice/query';
import type { SqlEncoder } from './sql-output.js';
import { cellText } from './cell-text.js';

/** Display width: counts code points (good enough for the box layout). */
const width = (s: string) => [...s].length;

function renderRecords(o: Extract<StatementOutput, { kind: 'records' }>): string {
  const header = o.columns.map((c) => c.name);
  const cells = o.rows.map((r) => o.columns.map((c, i) => cellText(r[i] ?? null, c).replace(/\n/g, '\\n')));
  const widths = header.map((h, j) => Math.max(width(h), ...cells.map((r) => width(r[j]!))));
  const top = '┌─' + header.map((h, j) => h + '─'.repeat(widths[j]! - width(h))).join('─┬─') + '─┐';
  const body = cells.map((r) => '│ ' + r.map((v, j) => v + ' '.repeat(widths[j]! - width(v))).join(' │ ') + ' │');
  const bottom = '└─' + widths.map((w) => '─'.repeat(w)).join('─┴─') + '─┘';
  return [top, ...body, bottom].join('\n') + '\n';
}

/** A box-drawn text table per output (the header sits in the top border, as GreptimeDB's `table`). */
export const encodeTable: SqlEncoder = (outputs) => ({
  body: outputs.map((o) => (o.kind === 'affected_rows' ? `${o.count} rows affected.\n` : renderRecords(o))).join(''),
  contentType: 'text/plain; charset=utf-8',
});
