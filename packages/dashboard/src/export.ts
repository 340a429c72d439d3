import type { ResultSet } from './result.js';

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV with a header row. */
export function toCsv(rs: ResultSet): string {
  const lines = [rs.columns.map((c) => csvCell(c.name)).join(',')];
  for (const row of rs.rows) lines.push(row.map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** One JSON object per row, keyed by column name. */
export function toNdjson(rs: ResultSet): string {
  return rs.rows.map((row) => JSON.stringify(Object.fromEntries(rs.columns.map((c, i) => [c.name, row[i] ?? null])))).join('\n') + (rs.rows.length ? '\n' : '');
}

/** Saves text as a file through the browser's download. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
