/**
 * `matches_term(text, term)` and `text @@ term` as GreptimeDB matches them (script-aware): the exact,
 * case-sensitive `term` occurring in the text, where
 * - a term of ASCII letters/digits and punctuation needs no ASCII letter or digit next to it (`error` matches
 *   `error-prone`, `hello_error` and `错误error日志`, not `errors` or `error123`);
 * - a term with other letters or digits (`café`, `русский`) needs no letter, digit or Han character next to it;
 * - a term containing a Han character matches anywhere (`手机` in `登录手机号`): Chinese has no word spaces;
 * - a side of the term that is itself punctuation (`/start`, `dog/`) needs nothing on that side.
 * The empty term matches only the empty text.
 */
type CharClass = 'ascii_word' | 'han' | 'unicode_word' | 'other';
type TermKind = 'ascii_like' | 'unicode_word' | 'han_containing';

const HAN = /\p{Script=Han}/u;
const ALNUM = /[\p{Alphabetic}\p{N}]/u;

function classify(ch: string | undefined): CharClass | undefined {
  if (ch === undefined) return undefined;
  const c = ch.codePointAt(0)!;
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 'ascii_word' : 'other';
  if (HAN.test(ch)) return 'han';
  return ALNUM.test(ch) ? 'unicode_word' : 'other';
}

function termKind(term: string): TermKind {
  let unicode = false;
  for (const ch of term) {
    const k = classify(ch);
    if (k === 'han') return 'han_containing';
    if (k === 'unicode_word') unicode = true;
  }
  return unicode ? 'unicode_word' : 'ascii_like';
}

function boundaryOk(kind: TermKind, neighbor: string | undefined): boolean {
  const k = classify(neighbor);
  if (kind === 'han_containing' || k === undefined) return true;
  if (kind === 'ascii_like') return k !== 'ascii_word';
  return k === 'other';
}

/** The code point before UTF-16 index `i`, or undefined at the start. */
function charBefore(s: string, i: number): string | undefined {
  if (i <= 0) return undefined;
  const lo = s.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) return s.slice(i - 2, i);
  return s[i - 1];
}

function charAt(s: string, i: number): string | undefined {
  if (i >= s.length) return undefined;
  return String.fromCodePoint(s.codePointAt(i)!);
}

export function compileMatchTerm(term: string): (text: string) => boolean {
  if (term === '') return (text) => text === '';
  const chars = [...term];
  const kind = termKind(term);
  const startsOther = classify(chars[0]) === 'other';
  const endsOther = classify(chars[chars.length - 1]) === 'other';
  return (text) => {
    let i = text.indexOf(term);
    while (i >= 0) {
      if (startsOther || boundaryOk(kind, charBefore(text, i))) {
        if (kind === 'han_containing' || endsOther || boundaryOk(kind, charAt(text, i + term.length))) return true;
      }
      i = text.indexOf(term, i + 1);
    }
    return false;
  };
}

/**
 * Whether a term's matches are exactly those of the stores' `term` predicate (an operand with no ASCII
 * letter or digit next to it): terms of ASCII letters and digits at both ends, with no other letters.
 */
export function storeTermMatchesLikeEngine(term: string): boolean {
  if (term === '' || termKind(term) !== 'ascii_like') return false;
  const chars = [...term];
  return classify(chars[0]) === 'ascii_word' && classify(chars[chars.length - 1]) === 'ascii_word';
}
