import { describe, expect, it } from 'vitest';
import { tableOptionsFromHints } from './hints.js';

const h = (o: Record<string, string>) => Object.entries(o);

describe('tableOptionsFromHints', () => {
  it('reads the combined header and per-option headers; the per-option header wins', () => {
    const opts = tableOptionsFromHints(h({ 'x-service-hints': 'ttl=7d, append_mode=false, merge_mode=last_non_null', 'X-Service-Hint-Ttl': '1d' }));
    expect(opts).toEqual({ ttl: { text: '1d', ms: 86_400_000 }, append_mode: false, merge_mode: 'last_non_null' });
  });
  it('is empty without hints', () => {
    expect(tableOptionsFromHints(h({ 'content-type': 'text/plain' }))).toEqual({});
  });
  it('names an unknown hint with a suggestion', () => {
    expect(() => tableOptionsFromHints(h({ 'x-service-hints': 'tll=7d' }))).toThrow(/unknown hint 'tll' \(did you mean 'ttl'\?\)/);
  });
  it('names an invalid value', () => {
    expect(() => tableOptionsFromHints(h({ 'x-service-hint-append_mode': 'maybe' }))).toThrow(/invalid hint append_mode=maybe/);
    expect(() => tableOptionsFromHints(h({ 'x-service-hints': 'ttl' }))).toThrow(/expected key=value/);
  });
});
