/** Go-style string literals as PromQL writes them: "..." and '...' with escapes, `...` raw. */

const SIMPLE: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'" };

/** The value of a quoted literal; throws an Error with a reason on a bad escape or missing quote. */
export function unquote(text: string): string {
  const q = text[0];
  if (text.length < 2 || text[text.length - 1] !== q) throw new Error('unterminated quoted string');
  const body = text.slice(1, -1);
  if (q === '`') return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      if (ch === q) throw new Error(`unexpected ${q} in string`);
      out += ch;
      continue;
    }
    const e = body[++i];
    if (e === undefined) throw new Error('unterminated escape sequence');
    if (e in SIMPLE) {
      if ((e === '"' || e === "'") && e !== q) throw new Error(`unknown escape sequence \\${e}`);
      out += SIMPLE[e];
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) throw new Error(`invalid escape sequence \\${e}${hex}`);
      const cp = parseInt(hex, 16);
      out += e === 'x' ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      i += n;
    } else if (e >= '0' && e <= '7') {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new Error(`invalid escape sequence \\${oct}`);
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else {
      throw new Error(`unknown escape sequence \\${e}`);
    }
  }
  return out;
}

/** A double-quoted literal for printing (Go's strconv.Quote for the characters labels use). */
export function quote(s: string): string {
  return JSON.stringify(s);
}
