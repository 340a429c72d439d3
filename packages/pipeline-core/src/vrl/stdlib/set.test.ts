import { describe, expect, it } from 'vitest';
import { get } from './get.js';
import { remove } from './remove.js';
import { set } from './set.js';
import { invoke } from './support/invoke.js';

describe('get, set and remove', () => {
  const doc = { a: { b: [10, { c: 'x' }] } };

  it('reads through objects and arrays, null for anything missing or mistyped', () => {
    expect(invoke(get, { value: doc, path: ['a', 'b', -1, 'c'] })).toBe('x');
    expect(invoke(get, { value: doc, path: ['a', 'b', 5] })).toBe(null);
    expect(invoke(get, { value: doc, path: ['a', 0] })).toBe(null);
    expect(invoke(get, { value: doc, path: [] })).toEqual(doc);
  });

  it('writes a copy, creating objects, padding arrays and prepending for negative indexes', () => {
    expect(invoke(set, { value: doc, path: ['a', 'b', 1, 'd'], data: true })).toEqual({ a: { b: [10, { c: 'x', d: true }] } });
    expect(doc).toEqual({ a: { b: [10, { c: 'x' }] } });
    expect(invoke(set, { value: {}, path: ['x', 2], data: 1 })).toEqual({ x: [null, null, 1] });
    expect(invoke(set, { value: [1], path: [-3], data: 0 })).toEqual([0, null, 1]);
  });

  it('removes with and without compaction, leaving the input untouched', () => {
    expect(invoke(remove, { value: doc, path: ['a', 'b', 1, 'c'] })).toEqual({ a: { b: [10, {}] } });
    expect(invoke(remove, { value: doc, path: ['a', 'b', 1, 'c'], compact: true })).toEqual({ a: { b: [10] } });
    expect(invoke(remove, { value: doc, path: ['nope', 'x'] })).toEqual(doc);
    expect(doc).toEqual({ a: { b: [10, { c: 'x' }] } });
  });

  it('refuses to pad an array by more than 65536 nulls', () => {
    expect(() => invoke(set, { value: [], path: [1_000_000_000], data: 1 })).toThrow('too far beyond the end');
  });

  it('rejects path segments that are neither strings nor integers', () => {
    expect(() => invoke(set, { value: {}, path: [1.5], data: 1 })).toThrow('path segment must be either string or integer, not float');
  });
});
