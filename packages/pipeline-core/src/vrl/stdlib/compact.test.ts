import { describe, expect, it } from 'vitest';
import { compact } from './compact.js';
import { merge } from './merge.js';
import { invoke } from './support/invoke.js';

describe('compact and merge', () => {
  it('compacts nested values first, so containers emptied by it go too', () => {
    expect(invoke(compact, { value: { a: { b: { c: null } }, d: [[], ''], e: 0, f: false } })).toEqual({ e: 0, f: false });
  });

  it('honours each switch and recursive: false', () => {
    expect(invoke(compact, { value: { a: '', b: null, c: {} }, string: false })).toEqual({ a: '' });
    expect(invoke(compact, { value: { a: { b: null } }, recursive: false })).toEqual({ a: { b: null } });
  });

  it('merges shallowly by default and deeply on request, never mutating its inputs', () => {
    const to = { a: { x: 1, y: 2 }, keep: true };
    const from = { a: { y: 3 } };
    expect(invoke(merge, { to, from })).toEqual({ a: { y: 3 }, keep: true });
    expect(invoke(merge, { to, from, deep: true })).toEqual({ a: { x: 1, y: 3 }, keep: true });
    expect(to).toEqual({ a: { x: 1, y: 2 }, keep: true });
  });
});
