import { describe, expect, it } from 'vitest';
import { decode_percent } from './decode_percent.js';
import { encode_percent } from './encode_percent.js';
import { format_number } from './format_number.js';
import { parse_tokens } from './parse_tokens.js';
import { invoke } from './support/invoke.js';

describe('format_number, percent coding and parse_tokens', () => {
  it('formats as VRL does: cut decimals, pad with zeros, group whole digits only', () => {
    expect(invoke(format_number, { value: 11222333444.56789, scale: 3, decimal_separator: ',', grouping_separator: '.' })).toBe('11.222.333.444,567');
    expect(invoke(format_number, { value: 100, scale: 2 })).toBe('100.00');
    expect(invoke(format_number, { value: 123.45, scale: 0 })).toBe('123');
    expect(invoke(format_number, { value: 123456, grouping_separator: ' ' })).toBe('123 456');
    expect(invoke(format_number, { value: 1e21 })).toBe('1000000000000000000000');
  });

  it('percent-encodes by set and decodes back', () => {
    const text = 'a b/c?d=é&e';
    for (const set of ['NON_ALPHANUMERIC', 'QUERY', 'PATH', 'COMPONENT', 'WWW_FORM_URLENCODED']) {
      expect(invoke(decode_percent, { value: invoke(encode_percent, { value: text, ascii_set: set }) })).toBe(text);
    }
    expect(invoke(encode_percent, { value: text, ascii_set: 'COMPONENT' })).toBe('a%20b%2Fc%3Fd%3D%C3%A9%26e');
    expect(invoke(encode_percent, { value: text, ascii_set: 'PATH' })).toBe('a%20b/c%3Fd=%C3%A9&e');
  });

  it('tokenizes quotes and brackets, including an unterminated one', () => {
    expect(invoke(parse_tokens, { value: '  a  "b c" [d e] - "open' })).toEqual(['a', 'b c', 'd e', null, 'open']);
  });
});
