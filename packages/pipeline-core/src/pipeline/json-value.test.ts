import { describe, expect, it } from 'vitest';
import { JsonTextError, parseJsonText } from './json-value.js';

describe('parseJsonText', () => {
  it('parses ordinary JSON', () => {
    expect(parseJsonText('{"a":[1,2.5,"x",true,null]}')).toEqual({ a: [1, 2.5, 'x', true, null] });
  });

  it('keeps integers beyond 2^53 exact', () => {
    expect(parseJsonText('{"id": 12345678901234567890, "small": 1, "f": 1.5e3, "s": "\\u00e9"}')).toEqual({ id: 12345678901234567890n, small: 1, f: 1500, s: 'é' });
    expect(parseJsonText('[-9007199254740993]')).toEqual([-9007199254740993n]);
  });

  it('reports bad text with a position', () => {
    expect(() => parseJsonText('{"a":')).toThrow(JsonTextError);
    expect(() => parseJsonText('{"a": 12345678901234567890,}')).toThrow(/position/);
    expect(() => parseJsonText('[1234567890123456789] x')).toThrow(/after the JSON value/);
  });
});
