/** A backtick-quoted identifier (database, table or column). */
export function ident(name: string): string {
  return '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}

/** A single-quoted string literal. */
export function str(s: string): string {
  return "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

/** The characters a TabSeparated field escapes: tested for first, then replaced (most fields have none). */
const TSV_SPECIAL = /[\\\t\n\r\0]/;
const TSV_SPECIAL_ALL = new RegExp(TSV_SPECIAL.source, 'g');

/** A field of a TabSeparated row, escaped. */
export function tsvEscape(s: string): string {
  if (!TSV_SPECIAL.test(s)) return s;
  return s.replace(TSV_SPECIAL_ALL, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\0'));
}

const UNESCAPE: Record<string, string> = { b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', '0': '\0', "'": "'", '\\': '\\', N: 'N' };

/** A TabSeparated output field back to its text; `null` for `\N`. */
export function tsvUnescape(f: string): string | null {
  if (f === '\\N') return null;
  if (!f.includes('\\')) return f;
  return f.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c);
}
