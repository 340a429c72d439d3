import { RE2JS } from 're2js';
import { SqlInvalidArgumentError } from '../errors.js';

/**
 * Regular expressions a user supplies (`~`, `regexp_like`, `regexp_match`, `regexp_replace`) run on
 * re2js: linear time in the text, so `(a+)+$` cannot backtrack for minutes. RE2 syntax: no
 * backreferences or lookahead (such a pattern is a 400 naming the function).
 */
const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, s: RE2JS.DOTALL, m: RE2JS.MULTILINE };

/** Compiles each distinct pattern and flag set once; `flags` keeps only i, s and m. */
export function regexCache(fn: string): (pattern: string, flags?: string) => RE2JS {
  const cache = new Map<string, RE2JS>();
  return (pattern, flags = '') => {
    const key = `${flags}\u0000${pattern}`;
    let re = cache.get(key);
    if (re === undefined) {
      let bits = 0;
      for (const f of flags) bits |= FLAG_BITS[f] ?? 0;
      try {
        re = RE2JS.compile(pattern, bits);
      } catch (e) {
        throw new SqlInvalidArgumentError(`${fn}: invalid regular expression '${pattern}': ${(e as Error).message}`);
      }
      if (cache.size > 1000) cache.clear();
      cache.set(key, re);
    }
    return re;
  };
}

/** The capture groups of the first match (`[whole]` without groups), or null. */
export function firstMatchGroups(re: RE2JS, s: string): (string | null)[] | null {
  const m = re.matcher(s);
  if (!m.find()) return null;
  const n = m.groupCount();
  if (n === 0) return [m.group(0)];
  const out: (string | null)[] = [];
  for (let i = 1; i <= n; i++) out.push(m.group(i));
  return out;
}

/**
 * Replaces the first match (every match with `global`); `\1`…`\9` in the replacement insert a
 * group (PostgreSQL's syntax), everything else is literal. `grow` is told the length built so far.
 */
export function replaceMatches(re: RE2JS, s: string, replacement: string, global: boolean, grow: (chars: number) => void): string {
  const m = re.matcher(s);
  let out = '';
  let last = 0;
  let pos = 0;
  while (pos <= s.length && m.find(pos)) {
    const start = m.start();
    const end = m.end();
    out += s.slice(last, start) + expand(replacement, (g) => (g <= m.groupCount() ? (m.group(g) ?? '') : ''));
    grow(out.length);
    last = end;
    if (!global) break;
    pos = end === start ? end + 1 : end;
  }
  return out + s.slice(last);
}

function expand(template: string, group: (n: number) => string): string {
  if (!template.includes('\\')) return template;
  return template.replace(/\\(\d)/g, (_m, d: string) => group(Number(d)));
}
