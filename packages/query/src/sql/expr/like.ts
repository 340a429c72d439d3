/** Turns a SQL LIKE pattern into an anchored RegExp (`%` any run, `_` one character, `\` escapes). */
export function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      re += escape(pattern[++i]!);
    } else if (ch === '%') re += '.*';
    else if (ch === '_') re += '.';
    else re += escape(ch);
  }
  return new RegExp(`^${re}$`, caseInsensitive ? 'is' : 's');
}

function escape(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * A faster matcher for the common shapes (`abc%`, `%abc`, `%abc%`, exact) falling back to the RegExp.
 */
export function likeMatcher(pattern: string, caseInsensitive: boolean): (s: string) => boolean {
  const plain = /^%?[^%_\\]*%?$/.test(pattern);
  if (plain && !caseInsensitive) {
    const starts = pattern.startsWith('%');
    const ends = pattern.length > 1 && pattern.endsWith('%');
    const body = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
    if (starts && ends) return (s) => s.includes(body);
    if (starts) return pattern === '%' ? () => true : (s) => s.endsWith(body);
    if (ends) return (s) => s.startsWith(body);
    return (s) => s === body;
  }
  const re = likeToRegExp(pattern, caseInsensitive);
  return (s) => re.test(s);
}
