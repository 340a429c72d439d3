import { describe, expect, it } from 'vitest';
import { encode_json } from './encode_json.js';
import { parse_json } from './parse_json.js';
import { invoke } from './support/invoke.js';

describe('parse_json and encode_json', () => {
  it('keeps 64-bit integers exact both ways', () => {
    const v = invoke(parse_json, { value: '{"id": 9007199254740993, "n": [1.5, -2]}' });
    expect(v).toEqual({ id: 9007199254740993n, n: [1.5, -2] });
    expect(invoke(encode_json, { value: v })).toBe('{"id":9007199254740993,"n":[1.5,-2]}');
  });

  it('keeps values deeper than max_depth as JSON text', () => {
    expect(invoke(parse_json, { value: '{"a": {"b": {"c": 1}}, "d": [1, [2]]}', max_depth: 2 })).toEqual({ a: { b: '{"c":1}' }, d: [1, '[2]'] });
    expect(() => invoke(parse_json, { value: '{}', max_depth: 0 })).toThrow('max_depth');
  });

  it('reports malformed JSON, including trailing text', () => {
    expect(() => invoke(parse_json, { value: '{"a": 1} x' })).toThrow('unable to parse json');
    expect(() => invoke(parse_json, { value: '' })).toThrow('unable to parse json');
  });

  it('sorts object keys when encoding, at every level', () => {
    expect(invoke(encode_json, { value: { b: { d: 1, c: 2 }, a: null } })).toBe('{"a":null,"b":{"c":2,"d":1}}');
  });
});
