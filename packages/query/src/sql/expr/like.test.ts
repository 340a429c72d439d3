import { describe, expect, it } from 'vitest';
import { likeMatcher } from './like.js';

describe('LIKE patterns', () => {
  const cases: [string, string, boolean, boolean?][] = [
    ['abc%', 'abcdef', true], ['abc%', 'xabc', false], ['%def', 'abcdef', true], ['%cd%', 'abcdef', true],
    ['a_c', 'abc', true], ['a_c', 'abbc', false], ['100\\%', '100%', true], ['100\\%', '1000', false],
    ['a.c', 'abc', false], ['%', '', true], ['', '', true], ['ABC%', 'abcd', true, true], ['a%c', 'a\nbc', true],
  ];
  it.each(cases)('%s ~ %s → %s', (pattern, text, want, ci = false) => {
    expect(likeMatcher(pattern, ci)(text)).toBe(want);
  });
});
