import { expect, it } from 'vitest';
import { compileMatchers } from './label-matchers.js';

it('matches with Prometheus semantics: anchored, dot-all RE2', () => {
  const [eq, neq, re, nre] = compileMatchers([
    { type: 'EQ', name: 'a', value: 'x' },
    { type: 'NEQ', name: 'a', value: 'x' },
    { type: 'RE', name: 'a', value: 'x.|y' },
    { type: 'NRE', name: 'a', value: 'x.*' },
  ]);
  expect([eq!.test('x'), eq!.test('xy')]).toEqual([true, false]);
  expect([neq!.test('x'), neq!.test('')]).toEqual([false, true]);
  expect([re!.test('xa'), re!.test('y'), re!.test('zxa'), re!.test('x\n')]).toEqual([true, true, false, true]);
  expect([nre!.test('xyz'), nre!.test('yx')]).toEqual([false, true]);
  expect(() => compileMatchers([{ type: 'RE', name: 'a', value: '(' }])).toThrow(/invalid regular expression in matcher a=~"\("/);
});
