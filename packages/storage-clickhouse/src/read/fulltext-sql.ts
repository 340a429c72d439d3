import { parseFulltextQuery, type FulltextNode } from '@sluice/query';
import { str } from '../sql/quote.js';

/** Not a word character: words are runs of letters, digits and `_` (as in SQL's matches()). */
const SEP = '[^\\p{L}\\p{N}_]';
const HAN = /\p{Script=Han}/u;

/**
 * `matches(col, query)` as one ClickHouse condition with the engine's semantics: case-insensitive
 * whole words, phrases as words in sequence, `+`/`-`/AND/OR as in `fulltext.ts` of @sluice/query.
 * Each term is an RE2 `match()` whose words sit in a `(?i:...)` group (18.16 ignores a leading `(?i)`:
 * it runs the pattern's literal part as a case-sensitive prefilter). A NULL text matches nothing.
 */
export function fulltextSql(ref: string, query: string): string {
  const node = (n: FulltextNode): string => {
    // A single word with Han characters matches anywhere (Chinese has no word spaces), as in the engine.
    if (n.kind === 'term' && n.words.length === 1 && HAN.test(n.words[0]!)) return `match(${ref}, ${str(`(?i:${n.words[0]!})`)})`;
    if (n.kind === 'term') return `match(${ref}, ${str(`(?:^|${SEP})(?i:${n.words.join(`${SEP}+`)})(?:${SEP}|$)`)})`;
    const must = n.clauses.filter((c) => c.occur === 'must').map((c) => node(c.node));
    const not = n.clauses.filter((c) => c.occur === 'must_not').map((c) => `NOT ${node(c.node)}`);
    const should = n.clauses.filter((c) => c.occur === 'should').map((c) => node(c.node));
    // With a required clause the optional ones do not decide; without one, at least one must match.
    const parts = [...must, ...not, ...(must.length === 0 && should.length > 0 ? [should.length === 1 ? should[0]! : `(${should.join(' OR ')})`] : [])];
    return parts.length === 0 ? '1' : parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
  };
  return node(parseFulltextQuery(query));
}
