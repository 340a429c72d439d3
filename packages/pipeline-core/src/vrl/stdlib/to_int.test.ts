import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../value/timestamp.js';
import { compileRegex } from './support/regex.js';
import { invoke } from './support/invoke.js';
import { to_int } from './to_int.js';

describe('to_int', () => {
  it('keeps integers beyond 2^53 exact and rejects text beyond 64 bits', () => {
    expect(invoke(to_int, { value: '9223372036854775807' })).toBe(9223372036854775807n);
    expect(() => invoke(to_int, { value: '9223372036854775808' })).toThrow('number too large to fit in target type');
  });

  it('accepts a sign but no spaces or decimals in text, truncates floats, floors timestamps to seconds', () => {
    expect(invoke(to_int, { value: '+7' })).toBe(7);
    expect(() => invoke(to_int, { value: ' 7' })).toThrow('invalid digit found in string');
    expect(() => invoke(to_int, { value: '7.5' })).toThrow('invalid digit found in string');
    expect(invoke(to_int, { value: -7.9 })).toBe(-7);
    expect(invoke(to_int, { value: new Timestamp(-1n) })).toBe(-1);
  });

  it('does not coerce regexes, arrays or objects', () => {
    expect(() => invoke(to_int, { value: compileRegex('x') })).toThrow('unable to coerce regex into integer');
    expect(() => invoke(to_int, { value: {} })).toThrow('unable to coerce object into integer');
  });
});
