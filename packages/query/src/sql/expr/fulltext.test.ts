import { describe, expect, it } from 'vitest';
import { compileFulltext, parseFulltextQuery } from './fulltext.js';

describe('full-text queries', () => {
  const m = (q: string, text: string) => compileFulltext(q)(text);

  it('matches whole words case-insensitively', () => {
    expect(m('error', 'Fatal ERROR: x')).toBe(true);
    expect(m('err', 'Fatal ERROR: x')).toBe(false);
    expect(m('error', 'errors everywhere')).toBe(false);
    expect(m('über', 'Größe über alles')).toBe(true);
  });

  it('agrees with lowercasing when pre-filtering on required words', () => {
    expect(m('error AND timeout', 'ERROR: upstream TimeOut')).toBe(true);
    expect(m('error AND timeout', 'error only')).toBe(false);
    expect(m('k', 'size \u212A')).toBe(true); // KELVIN SIGN lowercases to k
    expect(m('error -timeout', 'error')).toBe(true);
  });

  it('combines AND, OR, exclusion and parentheses', () => {
    expect(m('a AND b', 'b a')).toBe(true);
    expect(m('a b', 'a c')).toBe(false);
    expect(m('a OR b', 'x b')).toBe(true);
    expect(m('a -b', 'a b')).toBe(false);
    expect(m('(a OR b) AND c', 'b c')).toBe(true);
    expect(m('a OR b c', 'a')).toBe(true); // AND binds tighter
  });

  it('matches phrases in order', () => {
    expect(m('"not found"', 'file not found!')).toBe(true);
    expect(m('"found not"', 'file not found!')).toBe(false);
    expect(m('-"not found"', 'all good')).toBe(true);
  });

  it('rejects malformed queries with a clear message', () => {
    expect(() => parseFulltextQuery('')).toThrow(/empty/);
    expect(() => parseFulltextQuery('(a')).toThrow(/missing '\)'/);
    expect(() => parseFulltextQuery('a AND')).toThrow(/ends unexpectedly/);
    expect(() => parseFulltextQuery('a )')).toThrow(/unexpected '\)'/);
  });
});
