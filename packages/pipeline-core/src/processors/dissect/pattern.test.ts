import { describe, expect, it } from 'vitest';
import { DissectPatternError, parseDissectPattern } from './pattern.js';

function errorOf(pattern: string): DissectPatternError {
  try {
    parseDissectPattern(pattern);
  } catch (e) {
    if (e instanceof DissectPatternError) return e;
    throw e;
  }
  throw new Error(`expected ${pattern} to be rejected`);
}

describe('parseDissectPattern', () => {
  it('splits the leading literal and key/delimiter pairs', () => {
    const p = parseDissectPattern('[%{a}] %{b->}, %{?c}');
    expect(p.leading).toBe('[');
    expect(p.pairs.map((x) => [x.key.kind, x.key.name, x.key.rightPadding, x.delimiter])).toEqual([
      ['set', 'a', false, '] '],
      ['set', 'b', true, ', '],
      ['skip', 'c', false, ''],
    ]);
  });

  it('orders appends: implicit ones first in pattern order, then by /N', () => {
    const p = parseDissectPattern('%{+a/2} %{a} %{+a} %{+a/1}');
    expect(p.pairs.map((x) => [x.key.kind, x.key.appendOrder])).toEqual([
      ['append', 2],
      ['append', -1000],
      ['append', -999],
      ['append', 1],
    ]);
  });

  it('reads reference keys', () => {
    const p = parseDissectPattern('%{*k}=%{&k}');
    expect(p.pairs.map((x) => x.key.kind)).toEqual(['ref_name', 'ref_value']);
  });

  it('keeps a lone percent sign as literal text', () => {
    expect(parseDissectPattern('%%{a}%').pairs[0]).toMatchObject({ delimiter: '%' });
    expect(parseDissectPattern('%%{a}').leading).toBe('%');
  });

  it.each([
    ['%{a', 0, "'%{' is never closed by '}'"],
    ['x %{a} %{b', 7, "'%{' is never closed"],
    ['%{a?}', 3, "modifier '?' must come first"],
    ['%{&*a} %{b}', 3, 'only one modifier per key'],
    ['%{a/1}', 3, "needs the '+' modifier"],
    ['%{*} %{b}', 0, "has the modifier '*' but no name"],
    ['%{a}%{b}', 4, 'must be separated by literal text'],
    ['%{&a} %{b}', 0, 'reference keys come in pairs'],
    ['%{*a} %{&a} %{*a}', 0, 'found 2 and 1'],
    ['plain', 0, 'no %{key}'],
    ['%{?a}-%{}', 0, 'every key is skipped'],
  ])('rejects %j at column %d+1', (pattern, offset, reason) => {
    const e = errorOf(pattern);
    expect(e.offset).toBe(offset);
    expect(e.reason).toContain(reason);
    expect(e.message).toContain(`at column ${offset + 1}`);
    expect(e.code).toBe(1004);
  });
});
