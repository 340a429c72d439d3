import { describe, expect, it } from 'vitest';
import type { Doc } from '../../value/value.js';
import { compileDissect } from './match.js';
import { parseDissectPattern } from './pattern.js';

function dissect(pattern: string, input: string, separator = ''): Doc | null {
  const out: Doc = {};
  return compileDissect(parseDissectPattern(pattern), separator).match(input, out) ? out : null;
}

describe('compileDissect', () => {
  it('extracts plain keys', () => {
    expect(dissect('%{a} %{b}', 'x y z')).toEqual({ a: 'x', b: 'y z' });
  });

  it('writes keys of any spelling (quotes, backslashes, line breaks, non-ASCII) as they are', () => {
    const names = ['a"b', 'c\\d', "e'f", 'g\u2028h', 'é', 'x$y', 'constructor', 'toString'];
    const pattern = names.map((n) => `%{${n}}`).join(' ');
    const got = dissect(pattern, '1 2 3 4 5 6 7 8')!;
    expect(Object.keys(got)).toEqual(names);
    expect(Object.values(got)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    // '__proto__' is an own key too (written without the compiled writes).
    const proto = dissect('%{__proto__} %{b}', 'x y')!;
    expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('writes nothing when the pattern does not match', () => {
    const out: Doc = { keep: 1 };
    expect(compileDissect(parseDissectPattern('%{a} %{b},%{c}'), '').match('x y', out)).toBe(false);
    expect(out).toEqual({ keep: 1 });
  });

  it('can be reused: values of one input never leak into the next', () => {
    const m = compileDissect(parseDissectPattern('%{a}-%{b}'), '');
    const first: Doc = {};
    const second: Doc = {};
    expect(m.match('1-2', first)).toBe(true);
    expect(m.match('3', second)).toBe(false);
    expect(m.match('5-6', second)).toBe(true);
    expect([first, second]).toEqual([{ a: '1', b: '2' }, { a: '5', b: '6' }]);
  });

  it('appends with the separator in order', () => {
    expect(dissect('%{+t/2} %{+t/1} %{x}', 'b a c', ' ')).toEqual({ t: 'a b', x: 'c' });
  });

  it('fills reference pairs', () => {
    expect(dissect('%{*k1}:%{&k1},%{*k2}:%{&k2}', 'a:1,b:2')).toEqual({ a: '1', b: '2' });
    expect(dissect('%{*k1}:%{&k1},%{*k2}:%{&k2}', 'a:1,a:2')).toBeNull();
  });

  it('skips right padding of multi-character delimiters', () => {
    expect(dissect('%{a->}--%{b}', 'x------y')).toEqual({ a: 'x', b: 'y' });
  });

  it('treats __proto__ as a plain field name', () => {
    const out = dissect('%{__proto__} %{b}', 'x y')!;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'b']);
  });

  it('handles surrogate pairs in values and delimiters', () => {
    expect(dissect('%{a}😀%{b}', 'x😀y😀z')).toEqual({ a: 'x', b: 'y😀z' });
  });
});
