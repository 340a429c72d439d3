import { parseFulltextQuery, type FulltextNode } from '@sluice/query';
import { str } from '../sql/quote.js';

/** Not a word character: words are runs of letters, digits and `_` (as in SQL's matches()). */
const SEP = '[^\\p{L}\\p{N}_]';

/**
 * `matches(col, query)` as one ClickHouse condition with the engine's semantics: case-insensitive
 * whole words, phrases as words in sequence, `+`/`-`/AND/OR as in `fulltext.ts` of @sluice/query.
 * Each term is an RE2 `match()` over `lowerUTF8(col)` (18.16 ignores `(?i)` in its literal
 * prefilter, so the text is lowercased instead); ClickHouse runs the literal word as a substring
 * prefilter before RE2. A NULL text matches nothing.
 */
export function fulltextSql(ref: string, query: string): string {
  const lower = `lowerUTF8(${ref})`;
  const node = (n: FulltextNode): string => {
    if (n.kind === 'term') return `match(${lower}, ${str(`(?:^|${SEP})${n.words.join(`${SEP}+`)}(?:${SEP}|$)`)})`;
    const must = n.clauses.filter((c) => c.occur === 'must').map((c) => node(c.node));
    const not = n.clauses.filter((c) => c.occur === 'must_not').map((c) => `NOT ${node(c.node)}`);
    const should = n.clauses.filter((c) => c.occur === 'should').map((c) => node(c.node));
    // With a required clause the optional ones do not decide; without one, at least one must match.
    const parts = [...must, ...not, ...(must.length === 0 && should.length > 0 ? [should.length === 1 ? should[0]! : `(${should.join(' OR ')})`] : [])];
    return parts.length === 0 ? '1' : parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
  };
  return node(parseFulltextQuery(query));
}
