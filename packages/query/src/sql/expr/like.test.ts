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

/** The reference: LIKE as an anchored RegExp (exponential on hostile patterns, fine on tiny inputs). */
function reference(pattern: string, ci: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (ch === '%') re += '.*';
    else if (ch === '_') re += '.';
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, ci ? 'isu' : 'su');
}

describe('LIKE in linear time', () => {
  it('agrees with the RegExp reference on random short patterns and texts', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alpha = ['a', 'b', '%', '_', '\\', 'A', '😀'];
    for (let k = 0; k < 5000; k++) {
      const p = Array.from({ length: rnd(7) }, () => alpha[rnd(alpha.length)]).join('');
      const t = Array.from({ length: rnd(8) }, () => ['a', 'b', 'A', '%', '_', '😀'][rnd(6)]).join('');
      const ci = rnd(2) === 1;
      expect(likeMatcher(p, ci)(t), `${JSON.stringify(p)} ~ ${JSON.stringify(t)} ci=${ci}`).toBe(reference(p, ci).test(t));
    }
  });

  it('answers the backtracking patterns of issue 18 at once', () => {
    const text = 'a'.repeat(100_000);
    expect(likeMatcher('%a%a%a%a%a%a%a%a%b', false)(text)).toBe(false);
    expect(likeMatcher('%%%%%%%%a', false)('x'.repeat(100_000))).toBe(false);
    expect(likeMatcher('%a_a_a_a%b', true)(text)).toBe(false);
  });
});
