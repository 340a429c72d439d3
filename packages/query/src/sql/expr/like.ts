/**
 * SQL LIKE in linear time: the pattern is split at `%` into segments of literal text and `_`
 * (one character); the first segment is anchored at the start, the last at the end, and each
 * middle one is matched at its leftmost position after the previous one. A segment matches a
 * fixed number of characters, so the leftmost choice is always right and no backtracking is
 * needed: O(text × pattern) at worst, never exponential (a RegExp of `.*a.*a…b` is).
 */

/** One segment: literal runs and `_` (one character, a surrogate pair counts as one). */
type Piece = string | typeof ANY;
const ANY = Symbol('_');
type Segment = readonly Piece[];

function parse(pattern: string): Segment[] {
  const segments: Piece[][] = [[]];
  let lit = '';
  const flush = () => {
    if (lit !== '') segments[segments.length - 1]!.push(lit);
    lit = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) lit += pattern[++i]!;
    else if (ch === '%') {
      flush();
      segments.push([]);
    } else if (ch === '_') {
      flush();
      segments[segments.length - 1]!.push(ANY);
    } else lit += ch;
  }
  flush();
  return segments;
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The end of `seg` matched at `pos`, or -1. */
function matchForward(seg: Segment, s: string, pos: number): number {
  for (const p of seg) {
    if (p === ANY) {
      if (pos >= s.length) return -1;
      pos += isHigh(s.charCodeAt(pos)) && pos + 1 < s.length && isLow(s.charCodeAt(pos + 1)) ? 2 : 1;
    } else {
      if (!s.startsWith(p, pos)) return -1;
      pos += p.length;
    }
  }
  return pos;
}

/** The start of `seg` matched so that it ends at `end`, or -1. */
function matchBackward(seg: Segment, s: string, end: number): number {
  for (let k = seg.length - 1; k >= 0; k--) {
    const p = seg[k]!;
    if (p === ANY) {
      if (end <= 0) return -1;
      end -= isLow(s.charCodeAt(end - 1)) && end >= 2 && isHigh(s.charCodeAt(end - 2)) ? 2 : 1;
    } else {
      if (end < p.length || !s.endsWith(p, end)) return -1;
      end -= p.length;
    }
  }
  return end;
}

/** The end of the leftmost match of `seg` at or after `from`, or -1. */
function findLeftmost(seg: Segment, s: string, from: number): number {
  if (seg.length === 1 && typeof seg[0] === 'string') {
    const at = s.indexOf(seg[0], from);
    return at < 0 ? -1 : at + seg[0].length;
  }
  const first = typeof seg[0] === 'string' ? seg[0] : undefined;
  for (let p = from; p <= s.length; p++) {
    if (first !== undefined) {
      const at = s.indexOf(first, p);
      if (at < 0) return -1;
      p = at;
    } else if (p > 0 && p < s.length && isLow(s.charCodeAt(p)) && isHigh(s.charCodeAt(p - 1))) continue;
    const end = matchForward(seg, s, p);
    if (end >= 0) return end;
  }
  return -1;
}

/** A compiled LIKE pattern (`%` any run, `_` one character, `\` escapes the next character). */
export function compileLike(pattern: string): (s: string) => boolean {
  const segs = parse(pattern);
  if (segs.length === 1) {
    const only = segs[0]!;
    return (s) => matchForward(only, s, 0) === s.length;
  }
  const head = segs[0]!;
  const tail = segs[segs.length - 1]!;
  const middle = segs.slice(1, -1).filter((m) => m.length > 0);
  return (s) => {
    let pos = matchForward(head, s, 0);
    if (pos < 0) return false;
    for (const m of middle) {
      pos = findLeftmost(m, s, pos);
      if (pos < 0) return false;
    }
    const start = matchBackward(tail, s, s.length);
    return start >= pos;
  };
}

/** A LIKE matcher; ILIKE compares lower-cased text with the lower-cased pattern. */
export function likeMatcher(pattern: string, caseInsensitive: boolean): (s: string) => boolean {
  if (!caseInsensitive) return compileLike(pattern);
  const m = compileLike(pattern.toLowerCase());
  return (s) => m(s.toLowerCase());
}
