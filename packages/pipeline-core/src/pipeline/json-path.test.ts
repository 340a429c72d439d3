import { describe, expect, it } from 'vitest';
import type { Value } from '../value/value.js';
import { JsonPath, JsonPathError } from './json-path.js';

const doc: Value = {
  store: {
    book: [
      { title: 'A', price: 8, tags: ['x'] },
      { title: 'B', price: 12 },
      { title: 'C', price: 20, isbn: '1' },
    ],
    'odd key': { n: 1 },
  },
};
const q = (p: string) => JsonPath.compile(p).evaluate(doc);

describe('JsonPath', () => {
  it('selects members, indexes and wildcards', () => {
    expect(q('$.store.book[0].title')).toEqual(['A']);
    expect(q('$.store.book[-1].title')).toEqual(['C']);
    expect(q('$.store.book[*].price')).toEqual([8, 12, 20]);
    expect(q("$['store']['odd key'].n")).toEqual([1]);
    expect(q('$.store.book[0,2].title')).toEqual(['A', 'C']);
  });

  it('slices', () => {
    expect(q('$.store.book[1:].title')).toEqual(['B', 'C']);
    expect(q('$.store.book[::2].title')).toEqual(['A', 'C']);
    expect(q('$.store.book[::-1].title')).toEqual(['C', 'B', 'A']);
  });

  it('descends recursively', () => {
    expect(q('$..price')).toEqual([8, 12, 20]);
    expect(q('$..n')).toEqual([1]);
  });

  it('filters', () => {
    expect(q('$.store.book[?(@.price > 10)].title')).toEqual(['B', 'C']);
    expect(q('$.store.book[?(@.isbn)].title')).toEqual(['C']);
    expect(q("$.store.book[?(@.title == 'A' || @.price >= 20)].title")).toEqual(['A', 'C']);
    expect(q('$.store.book[?(@.price != 12)].title')).toEqual(['A', 'C']);
  });

  it('returns nothing for paths that do not exist', () => {
    expect(q('$.nope.deeper')).toEqual([]);
    expect(q('$.store.book[7]')).toEqual([]);
  });

  it('rejects malformed paths with a position', () => {
    expect(() => JsonPath.compile('store')).toThrow(JsonPathError);
    expect(() => JsonPath.compile('$.a[')).toThrow(/position/);
    expect(() => JsonPath.compile('$.a[::0]')).toThrow(/step/);
  });
});
