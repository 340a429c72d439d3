import { describe, expect, it } from 'vitest';
import { parse as parseLossless } from 'lossless-json';
import { SluiceError } from '@sluice/pipeline-core';
import { parseJsonExact, parseJsonOrFail } from './parse-json.js';

const exact = (text: string) => parseLossless(text, null, (t: string) => (/^-?\d+$/.test(t) && !Number.isSafeInteger(Number(t)) ? BigInt(t) : Number(t)));

describe('parseJsonExact', () => {
  it('keeps integers beyond 2^53 exact, and everything else as JSON.parse reads it', () => {
    const text = '[{"ts":1764400000123456789,"n":-9223372036854775808,"u":18446744073709551615,"safe":9007199254740991,"f":1.5e300,"g":12345678901234567.5,"s":"12345678901234567890","x":[1,true,null,{"y":99999999999999999}]}]';
    const v = parseJsonExact(text);
    expect(v).toEqual(exact(text));
    expect((v as Record<string, unknown>[])[0]!.ts).toBe(1764400000123456789n);
    expect((v as Record<string, unknown>[])[0]!.safe).toBe(9007199254740991);
    expect((v as Record<string, unknown>[])[0]!.s).toBe('12345678901234567890');
  });

  it('leaves digits inside strings alone, also after escaped quotes and backslashes', () => {
    const text = '{"a":"x\\"12345678901234567890\\\\","b":12345678901234567890,"c":"\\\\"}';
    expect(parseJsonExact(text)).toEqual({ a: 'x"12345678901234567890\\', b: 12345678901234567890n, c: '\\' });
  });

  it('reads a bare big integer, and one as an object key named __proto__ without touching the prototype', () => {
    expect(parseJsonExact('  -12345678901234567890 ')).toBe(-12345678901234567890n);
    const o = parseJsonExact('{"__proto__":12345678901234567890}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(o, '__proto__')?.value).toBe(12345678901234567890n);
  });

  it('reads a document that escapes NUL itself exactly', () => {
    const text = '["\\u000012345", 12345678901234567890]';
    expect(parseJsonExact(text)).toEqual(['\u000012345', 12345678901234567890n]);
  });

  it('fails on invalid JSON with JSON.parse\'s message about the original text', () => {
    const text = '{"ts":12345678901234567890,}';
    let jsonParse = '';
    try {
      JSON.parse(text);
    } catch (e) {
      jsonParse = (e as Error).message;
    }
    expect(() => parseJsonExact(text)).toThrow(jsonParse);
    expect(() => parseJsonOrFail('[12345678901234567890', 'the body')).toThrow(/invalid JSON in the body/);
  });

  it('refuses nesting past the limit with a 400 naming the offset', () => {
    const deep = '['.repeat(5) + ']'.repeat(5);
    expect(() => parseJsonExact(deep, 'the body', 4)).toThrow(SluiceError);
    expect(() => parseJsonExact(deep, 'the body', 4)).toThrow(/deeper than 4 levels \(at offset 4\)/);
    expect(parseJsonExact(deep, 'the body', 5)).toEqual([[[[[]]]]]);
    expect(() => parseJsonExact('"[[[[[[[["', 'the body', 2)).not.toThrow();
  });

  it('matches the exact parser on generated documents', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const num = () => {
      const r = rnd();
      if (r < 0.3) return String(BigInt(Math.floor(rnd() * 2 ** 53)) * 1000n + BigInt(Math.floor(rnd() * 1000)) * (rnd() < 0.5 ? -1n : 1n));
      if (r < 0.5) return String(Math.floor(rnd() * 1e6));
      if (r < 0.7) return (rnd() * 1e20).toExponential(8);
      return (rnd() * 1000 - 500).toFixed(3);
    };
    const val = (d: number): string => {
      const r = rnd();
      if (d > 3 || r < 0.4) return num();
      if (r < 0.55) return JSON.stringify(`s${num()}"\\${num()}`);
      if (r < 0.75) return `[${Array.from({ length: Math.floor(rnd() * 4) }, () => val(d + 1)).join(',')}]`;
      return `{${Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => `"k${i}":${val(d + 1)}`).join(',')}}`;
    };
    for (let i = 0; i < 300; i++) {
      const text = val(0);
      expect(parseJsonExact(text)).toEqual(exact(text));
    }
  });
});
