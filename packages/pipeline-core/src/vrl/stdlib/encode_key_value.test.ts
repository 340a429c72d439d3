import { describe, expect, it } from 'vitest';
import { encode_key_value } from './encode_key_value.js';
import { parse_key_value } from './parse_key_value.js';
import { invoke } from './support/invoke.js';

describe('encode_key_value', () => {
  it('flattens arrays by index, quotes and escapes values, and writes null', () => {
    expect(invoke(encode_key_value, { value: { tags: ['a', 'b c'], msg: 'say "hi"', n: null } })).toBe('msg="say \\"hi\\"" n=null tags.0=a tags.1="b c"');
  });

  it('round-trips through parse_key_value', () => {
    const value = { lvl: 'info', msg: 'a "quoted" = message', path: 'C:\\my dir' };
    expect(invoke(parse_key_value, { value: invoke(encode_key_value, { value }) })).toEqual(value);
  });

  it('rejects a non-string field in fields_ordering', () => {
    expect(() => invoke(encode_key_value, { value: { a: 1 }, fields_ordering: [1] })).toThrow('non-string');
  });
});
