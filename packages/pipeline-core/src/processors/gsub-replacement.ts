/**
 * The replacement text of `gsub`, in the syntax of Rust's `regex` crate (GreptimeDB's engine):
 * `$1` / `${1}` a group by number, `$name` / `${name}` a group by name, `$$` a literal `$`.
 * `$name` takes the longest run of letters, digits and `_`; an unknown group expands to ''.
 * Parsed once into parts; expanding a match only concatenates.
 */
export type ReplacementPart = string | { readonly group: number | string };

export function parseReplacement(text: string): ReplacementPart[] {
  const parts: ReplacementPart[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c !== '$') {
      literal += c;
      i++;
      continue;
    }
    if (text[i + 1] === '$') {
      literal += '$';
      i += 2;
      continue;
    }
    let name: string | undefined;
    let next = i + 1;
    if (text[i + 1] === '{') {
      const close = text.indexOf('}', i + 2);
      if (close > i + 2) {
        name = text.slice(i + 2, close);
        next = close + 1;
      }
    } else {
      const m = /^[A-Za-z0-9_]+/.exec(text.slice(i + 1));
      if (m !== null) {
        name = m[0];
        next = i + 1 + name.length;
      }
    }
    if (name === undefined) {
      // A `$` that starts no reference is kept as is (as the regex crate does).
      literal += '$';
      i++;
      continue;
    }
    if (literal !== '') parts.push(literal);
    literal = '';
    parts.push({ group: /^[0-9]+$/.test(name) ? Number(name) : name });
    i = next;
  }
  if (literal !== '') parts.push(literal);
  return parts;
}
