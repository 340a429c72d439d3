import { describe, expect, it } from 'vitest';
import { compileFulltext, parseFulltextQuery } from './fulltext.js';
import { compileMatchTerm } from './match-term.js';

describe('matches() queries', () => {
  const m = (q: string, text: string) => compileFulltext(q)(text);

  it('matches whole words case-insensitively', () => {
    expect(m('error', 'Fatal ERROR: x')).toBe(true);
    expect(m('err', 'Fatal ERROR: x')).toBe(false);
    expect(m('error', 'errors everywhere')).toBe(false);
    expect(m('über', 'Größe über alles')).toBe(true);
  });

  it('treats adjacent terms as alternatives and AND as tighter than OR', () => {
    expect(m('a b', 'a c')).toBe(true);
    expect(m('a b', 'c d')).toBe(false);
    expect(m('a AND b', 'b a')).toBe(true);
    expect(m('a AND b', 'a c')).toBe(false);
    expect(m('a AND b OR c', 'c')).toBe(true);
    expect(m('a AND b OR c', 'a')).toBe(false);
    expect(m('(a OR b) AND c', 'b c')).toBe(true);
  });

  it('honours + and - clauses', () => {
    expect(m('+a +b', 'a')).toBe(false);
    expect(m('+a +b', 'b a')).toBe(true);
    expect(m('+a b', 'a')).toBe(true); // optional when something is required
    expect(m('a -b', 'a b')).toBe(false);
    expect(m('a -b', 'a')).toBe(true);
    expect(m('-b', 'a')).toBe(true);
    expect(m('a AND -b', 'a b')).toBe(false);
  });

  it('matches phrases and multi-word terms in order', () => {
    expect(m('"not found"', 'file not found!')).toBe(true);
    expect(m('"found not"', 'file not found!')).toBe(false);
    expect(m('db-1', 'connect to DB-1 failed')).toBe(true);
    expect(m('db-1', 'db 2 1')).toBe(false);
    expect(m('"say \\"hi\\""', 'they say "hi" there')).toBe(true);
  });

  it('agrees with lowercasing when pre-filtering on required words', () => {
    expect(m('error AND timeout', 'ERROR: upstream TimeOut')).toBe(true);
    expect(m('error AND timeout', 'error only')).toBe(false);
    expect(m('k', 'size \u212A')).toBe(true); // KELVIN SIGN lowercases to k
  });

  it('rejects malformed queries with a clear message', () => {
    expect(() => parseFulltextQuery('')).toThrow(/empty/);
    expect(() => parseFulltextQuery('(a')).toThrow(/missing '\)'/);
    expect(() => parseFulltextQuery('a AND')).toThrow(/unexpected end/);
    expect(() => parseFulltextQuery('a )')).toThrow(/unexpected '\)'/);
    expect(() => parseFulltextQuery('"..."')).toThrow(/no words/);
  });
});

describe('matches_term', () => {
  const t = (term: string, text: string) => compileMatchTerm(term)(text);
  it('is exact, case-sensitive and needs non-alphanumeric boundaries', () => {
    expect(t('error', 'An error occurred!')).toBe(true);
    expect(t('error', 'error-prone')).toBe(true);
    expect(t('error', 'errors')).toBe(false);
    expect(t('error', 'error123')).toBe(false);
    expect(t('error', 'errorLogs')).toBe(false);
    expect(t('error', 'ERROR')).toBe(false);
    expect(t('error', 'errors and error')).toBe(true);
    expect(t('not found', 'file not found.')).toBe(true);
  });
});

describe('script-aware matching (GreptimeDB)', () => {
  it('matches: Han words match as substrings; +( ) / -( ) require or exclude a group', () => {
    const m = (q: string, text: string) => compileFulltext(q)(text);
    expect(m('狐狸 AND 跳过', '快速的棕色狐狸跳过了懒狗')).toBe(true);
    expect(m('狐狸 -跳过', '快速的棕色狐狸跳过了懒狗')).toBe(false);
    expect(m('+(fox jumps) AND over', 'the fox over')).toBe(true);
    expect(m('+(fox jumps) AND over', 'the dog over')).toBe(false);
    expect(m('over -(fox AND jumps)', 'fox jumps over')).toBe(false);
    expect(m('over -(fox AND jumps)', 'fox over')).toBe(true);
  });

  it('matches_term: Han terms anywhere, ASCII terms bounded by ASCII letters/digits only, punctuation edges free', () => {
    const t = (term: string, text: string) => compileMatchTerm(term)(text);
    expect(t('手机', '登录手机号18888888888的动态key')).toBe(true);
    expect(t('18888888888', '登录手机号18888888888的动态key')).toBe(true);
    expect(t('error', '错误error日志')).toBe(true);
    expect(t('world', 'hello_world')).toBe(true);
    expect(t('/cat', 'dog/cat')).toBe(true);
    expect(t('dog/', 'dog/cat')).toBe(true);
    expect(t('café', 'café口')).toBe(false);
    expect(t('русский', 'русский!')).toBe(true);
    expect(t('', '')).toBe(true);
    expect(t('', 'any')).toBe(false);
  });
});
