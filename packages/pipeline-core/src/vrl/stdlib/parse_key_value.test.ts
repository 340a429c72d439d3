import { describe, expect, it } from 'vitest';
import { parse_key_value } from './parse_key_value.js';
import { parse_logfmt } from './parse_logfmt.js';
import { invoke } from './support/invoke.js';

const kv = (value: string, extra: Record<string, string | boolean> = {}) => invoke(parse_key_value, { value, ...extra });

describe('parse_key_value', () => {
  it('reads quoted keys and values with the escapes encode_key_value writes', () => {
    expect(kv('"key=with=special"=value key="with special=characters" q=\'single\' e="a\\"b\\\\c\\nd"')).toEqual({
      'key=with=special': 'value',
      key: 'with special=characters',
      q: 'single',
      e: 'a"b\\c\nd',
    });
  });

  it('allows spaces around delimiters when lenient, not when strict', () => {
    expect(kv('a = 1, b =2 ,c= 3', { field_delimiter: ',' })).toEqual({ a: '1', b: '2', c: '3' });
    expect(kv('a=1 b= c=3', { whitespace: 'strict' })).toEqual({ a: '1', b: '', c: '3' });
  });

  it('collects repeated keys into an array, in order', () => {
    expect(kv('t=1 t=2 t=3 u=4')).toEqual({ t: ['1', '2', '3'], u: '4' });
  });

  it('makes standalone keys true, or fails when they are not accepted', () => {
    expect(kv('verbose level=3')).toEqual({ verbose: true, level: '3' });
    // Without standalone keys a key runs up to the `=`, as in VRL.
    expect(kv('verbose level=3', { accept_standalone_key: false })).toEqual({ 'verbose level': '3' });
    expect(() => kv('verbose', { accept_standalone_key: false })).toThrow('could not parse');
  });

  it('fails on an empty line', () => {
    expect(() => kv('')).toThrow('could not parse');
  });

  it('parse_logfmt is the strict, space-delimited form', () => {
    expect(invoke(parse_logfmt, { value: 'lvl=info msg="a b" flag' })).toEqual({ lvl: 'info', msg: 'a b', flag: true });
  });
});
