import { describe, expect, it } from 'vitest';
import { replace } from './replace.js';
import { split } from './split.js';
import { compileRegex } from './support/regex.js';
import { invoke } from './support/invoke.js';

describe('replace and split', () => {
  it('expands $1, ${name} and $$ in a regex replacement, and honours count', () => {
    const re = compileRegex('(?P<k>\\w+)=(\\d+)');
    expect(invoke(replace, { value: 'a=1 b=2', pattern: re, with: '${k}:$2$$' })).toBe('a:1$ b:2$');
    expect(invoke(replace, { value: 'a=1 b=2', pattern: re, with: '[$k]', count: 1 })).toBe('[a] b=2');
    expect(invoke(replace, { value: 'a=1', pattern: re, with: '$9|$nope|' })).toBe('||');
  });

  it('replaces literal text that contains regex characters literally', () => {
    expect(invoke(replace, { value: 'a.b.c', pattern: '.', with: '-' })).toBe('a-b-c');
    expect(invoke(replace, { value: 'aaa', pattern: 'a', with: 'b', count: 2 })).toBe('bba');
    expect(invoke(replace, { value: 'abc', pattern: '', with: '-' })).toBe('-a-b-c-');
    expect(invoke(replace, { value: 'abc', pattern: '', with: '-', count: 2 })).toBe('-a-bc');
  });

  it('splits with a limit keeping the rest in the last part, on strings and regexes', () => {
    expect(invoke(split, { value: 'a,b,,c', pattern: ',' })).toEqual(['a', 'b', '', 'c']);
    expect(invoke(split, { value: 'a,b,c', pattern: ',', limit: 2 })).toEqual(['a', 'b,c']);
    expect(invoke(split, { value: 'a1b22c', pattern: compileRegex('\\d+'), limit: 2 })).toEqual(['a', 'b22c']);
    expect(invoke(split, { value: 'abc', pattern: ',' })).toEqual(['abc']);
    expect(invoke(split, { value: 'abc', pattern: compileRegex('') })).toEqual(['', 'a', 'b', 'c', '']);
  });
});
