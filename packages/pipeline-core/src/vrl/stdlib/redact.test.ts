import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';
import { compileRegex } from './support/regex.js';
import { invoke } from './support/invoke.js';

describe('redact', () => {
  it('redacts every matching string inside objects and arrays, leaving other values alone', () => {
    const value = { user: { ssn: '078-05-1120', ids: ['078 05 1120', 42] }, note: 'none' };
    expect(invoke(redact, { value, filters: ['us_social_security_number'] })).toEqual({
      user: { ssn: '[REDACTED]', ids: ['[REDACTED]', 42] },
      note: 'none',
    });
  });

  it('does not treat impossible SSNs (000, 666, 9xx areas; 00 group; 0000 serial) as SSNs', () => {
    for (const s of ['000-12-3456', '666-12-3456', '912-12-3456', '123-00-4567', '123-45-0000']) {
      expect(invoke(redact, { value: s, filters: ['us_social_security_number'] })).toBe(s);
    }
  });

  it('applies pattern filters given as strings literally, and hashes with sha2 in base16', () => {
    const out = invoke(redact, {
      value: 'token a.b and a+b',
      filters: [{ type: 'pattern', patterns: ['a.b', compileRegex('\\+')] }],
      redactor: { type: 'sha2', variant: 'SHA-256', encoding: 'base16' },
    });
    // The string pattern is literal: `a.b` does not match `a+b`; the regex `\+` then matches the plus.
    expect(out).toBe(
      'token 2e7336dc8eba87ef472df568c35482abf2575dc3e5eac0c5c62b8ffaeac2c934 and a' + 'a318c24216defe206feeb73ef5be00033fa9c4a74d0b967f6532a26ca5906d3b' + 'b',
    );
  });

  it('rejects unknown filters and redactors', () => {
    expect(() => invoke(redact, { value: 'x', filters: ['credit_card'] })).toThrow('unknown filter name');
    expect(() => invoke(redact, { value: 'x', filters: [], redactor: 'blackout' })).toThrow('invalid redactor');
  });
});
