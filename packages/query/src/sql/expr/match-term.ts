import { SqlInvalidArgumentError } from '../errors.js';

const ALNUM = /[\p{L}\p{N}]/u;

function isAlnum(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return ALNUM.test(ch);
}

/**
 * `matches_term(text, term)` and `text @@ term` (GreptimeDB): the exact, case-sensitive `term` (a word or
 * a phrase) occurring with a non-alphanumeric character or the text's start/end on both sides, so
 * `error` matches `error-prone` and `an error:` but not `errors`, `error123` or `errorLogs`.
 */
export function compileMatchTerm(term: string): (text: string) => boolean {
  if (term === '') throw new SqlInvalidArgumentError('matches_term(): the term is empty');
  return (text) => {
    let i = text.indexOf(term);
    while (i >= 0) {
      if (!isAlnum(text[i - 1]) && !isAlnum(text[i + term.length])) return true;
      i = text.indexOf(term, i + 1);
    }
    return false;
  };
}
