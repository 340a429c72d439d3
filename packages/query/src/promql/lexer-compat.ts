/**
 * What Prometheus 2's Go lexer accepts and @prometheus-io/lezer-promql (Prometheus 3's grammar) does
 * not, rewritten before parsing so the grammar stays as published:
 * - numbers with a trailing dot (`2.`, `1./6.`, `1.e3`): the dot is dropped, keeping every offset
 *   (`2.` → `2 `, `1.e3` → `1e03`);
 * - `holt_winters(` (Prometheus 2's name of `double_exponential_smoothing`): the call is parsed under
 *   the new name and the AST keeps the name written.
 * Strings, comments and label values are left alone.
 */
export interface CompatText {
  readonly text: string;
  /** Offset in the original text of an offset in `text`. */
  readonly original: (offset: number) => number;
  /** Function names as written, by their start offset in `text` (where they were renamed). */
  readonly renamed: ReadonlyMap<number, string>;
}

const OLD_NAME = 'holt_winters';
const NEW_NAME = 'double_exponential_smoothing';

export function compatText(src: string): CompatText {
  let out = '';
  const shifts: { at: number; by: number }[] = [];
  const renamed = new Map<number, string>();
  let i = 0;
  const n = src.length;
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  const isWord = (c: string | undefined) => c !== undefined && /[\w:.]/.test(c);
  while (i < n) {
    const c = src[i]!;
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && src[j] !== c) j += c !== '`' && src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '#') {
      let j = src.indexOf('\n', i);
      if (j < 0) j = n;
      out += src.slice(i, j);
      i = j;
      continue;
    }
    if (isDigit(c) && !isWord(src[i - 1])) {
      let j = i;
      while (isDigit(src[j]) || src[j] === '_') j++;
      const after = src[j + 1];
      if (src[j] === '.' && !isDigit(after) && !(src[i] === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X'))) {
        const exp = /^[eE][+-]?\d/.exec(src.slice(j + 1, j + 4));
        if (exp) {
          // `1.e3` → `1e03`, `1.e+3` → `1e+03`: same length, same value.
          const sign = src[j + 2] === '+' || src[j + 2] === '-' ? src[j + 2]! : '';
          out += `${src.slice(i, j)}${src[j + 1]}${sign}0`;
          i = j + 2 + sign.length;
          continue;
        }
        if (after === undefined || !/[\w]/.test(after)) {
          out += `${src.slice(i, j)} `;
          i = j + 1;
          continue;
        }
      }
      out += src.slice(i, j);
      i = j;
      continue;
    }
    if (c === 'h' && src.startsWith(OLD_NAME, i) && !isWord(src[i - 1]) && /^\s*\(/.test(src.slice(i + OLD_NAME.length, i + OLD_NAME.length + 64))) {
      renamed.set(out.length, OLD_NAME);
      shifts.push({ at: out.length + NEW_NAME.length, by: NEW_NAME.length - OLD_NAME.length });
      out += NEW_NAME;
      i += OLD_NAME.length;
      continue;
    }
    out += c;
    i++;
  }
  const original = (offset: number): number => {
    let o = offset;
    for (const s of shifts) if (offset >= s.at) o -= s.by;
    return o;
  };
  return { text: out, original, renamed };
}
