/**
 * Reads the first record of a CSV text, as Rust's `csv` crate does for GreptimeDB (no header,
 * double-quote escaping, lenient): a field that starts with `quote` is quoted, `""` inside it is one
 * quote, and text after the closing quote is kept; a quote inside an unquoted field is literal;
 * a line break ends the record unless quoted; blank lines before the record are skipped.
 * Returns null when the text holds no record.
 */
export function readCsvRecord(text: string, separator: string, quote: string, trim: boolean): string[] | null {
  const n = text.length;
  let i = 0;
  while (i < n && (text[i] === '\n' || text[i] === '\r')) i++;
  if (i >= n) return null;
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let atStart = true;
  for (; i < n; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== quote) field += c;
      else if (text[i + 1] === quote) {
        field += quote;
        i++;
      } else quoted = false;
      continue;
    }
    if (c === separator) {
      fields.push(trim ? field.trim() : field);
      field = '';
      atStart = true;
      continue;
    }
    if (c === '\n' || c === '\r') break;
    if (atStart && c === quote) quoted = true;
    else field += c;
    atStart = false;
  }
  fields.push(trim ? field.trim() : field);
  return fields;
}
