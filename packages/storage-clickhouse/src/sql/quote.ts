/** A backtick-quoted identifier (database, table or column). */
export function ident(name: string): string {
  return '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}

/** A single-quoted string literal. */
export function str(s: string): string {
  return "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

const TSV_SPECIAL = /[\\\t\n\r\0]/;

/** A field of a TabSeparated row, escaped. */
export function tsvEscape(s: string): string {
  if (!TSV_SPECIAL.test(s)) return s;
  return s.replace(/[\\\t\n\r\0]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\0'));
}

const UNESCAPE: Record<string, string> = { b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', '0': '\0', "'": "'", '\\': '\\', N: 'N' };

/** A TabSeparated output field back to its text; `null` for `\N`. */
export function tsvUnescape(f: string): string | null {
  if (f === '\\N') return null;
  if (!f.includes('\\')) return f;
  return f.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c);
}
