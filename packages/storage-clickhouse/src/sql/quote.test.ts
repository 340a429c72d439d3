import { describe, expect, it } from 'vitest';
import { tsvEscape, tsvUnescape } from './quote.js';

describe('tsvEscape', () => {
  it('leaves a plain field as it is', () => {
    expect(tsvEscape('GET /api/v1/users took 12ms')).toBe('GET /api/v1/users took 12ms');
  });
  it('escapes every backslash, tab, newline, carriage return and NUL, and reads back', () => {
    const s = 'a\\b\tc\nd\re\0f\t\t';
    expect(tsvEscape(s)).toBe('a\\\\b\\tc\\nd\\re\\0f\\t\\t');
    expect(tsvUnescape(tsvEscape(s))).toBe(s);
    // Twice in a row: the global pattern keeps no position between calls.
    expect(tsvEscape(s)).toBe('a\\\\b\\tc\\nd\\re\\0f\\t\\t');
  });
});
