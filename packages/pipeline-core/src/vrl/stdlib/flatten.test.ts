import { describe, expect, it } from 'vitest';
import { flatten } from './flatten.js';
import { invoke } from './support/invoke.js';
import { unflatten } from './unflatten.js';

describe('flatten and unflatten', () => {
  it('flattens nested objects, keeps arrays as values and drops empty objects (as VRL does)', () => {
    expect(invoke(flatten, { value: { a: { b: { c: 1 }, d: [1, { e: 2 }] }, f: {} } })).toEqual({ 'a.b.c': 1, 'a.d': [1, { e: 2 }] });
  });

  it('round-trips through unflatten', () => {
    const nested = { a: { b: { c: 1, d: 'x' } }, e: true };
    expect(invoke(unflatten, { value: invoke(flatten, { value: nested }) })).toEqual(nested);
  });

  it('unflatten keeps nested objects of flattened keys unless recursive is false', () => {
    expect(invoke(unflatten, { value: { 'a.b': { 'c.d': 1 } }, recursive: false })).toEqual({ a: { b: { 'c.d': 1 } } });
    expect(invoke(unflatten, { value: { 'a.b': { 'c.d': 1 } } })).toEqual({ a: { b: { c: { d: 1 } } } });
  });

  it('unflatten rejects an empty separator', () => {
    expect(() => invoke(unflatten, { value: { a: 1 }, separator: '' })).toThrow('separator must not be empty');
  });
});
