import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../value/timestamp.js';
import { CoerceError, compileCoercer, zeroValue } from './coerce.js';
import { parseTransformType } from './transform-type.js';

function coercer(text: string) {
  const t = parseTransformType(text);
  if (typeof t === 'string') throw new Error(t);
  return compileCoercer(t, text);
}

describe('coerce', () => {
  it('checks integer ranges at both ends', () => {
    const i16 = coercer('int16');
    expect(i16(-32768)).toBe(-32768);
    expect(() => i16(32768)).toThrow(CoerceError);
    expect(coercer('int64')('-9223372036854775808')).toBe(-9223372036854775808n);
    expect(() => coercer('int64')('9223372036854775808')).toThrow(/out of range/);
    expect(coercer('uint32')(' 4294967295 ')).toBe(4294967295);
  });

  it('converts timestamps between units, truncating', () => {
    const ts = new Timestamp(1_500_000_999n, 'ns');
    expect(coercer('epoch, ms')(ts)).toEqual(new Timestamp(1_500_000_000n, 'ms'));
    expect(coercer('epoch, s')(-1)).toEqual(new Timestamp(-1_000_000_000n, 's'));
    expect(coercer('int64')(new Timestamp(5_000_000n, 'ms'))).toBe(5);
  });

  it('rejects non-finite numbers for integers and times', () => {
    expect(() => coercer('int32')(NaN)).toThrow(CoerceError);
    expect(() => coercer('epoch, ms')(Infinity)).toThrow(CoerceError);
  });

  it('reads special float texts', () => {
    expect(coercer('float64')('inf')).toBe(Infinity);
    expect(Number.isNaN(coercer('float64')('NaN') as number)).toBe(true);
  });

  it('refuses bytes as json and decodes bytes as text', () => {
    expect(() => coercer('json')(new Uint8Array([1]))).toThrow(CoerceError);
    expect(coercer('string')(new Uint8Array([104, 105]))).toBe('hi');
  });

  it('has a zero value per type', () => {
    const z = (t: string) => zeroValue(parseTransformType(t) as never);
    expect([z('int8'), z('float32'), z('string'), z('boolean'), z('json')]).toEqual([0, 0, '', false, null]);
    expect(z('epoch, s')).toEqual(new Timestamp(0n, 's'));
  });
});

describe('coerce: integer text', () => {
  it('reads short and long integer text the same way', () => {
    const i64 = coercer('int64');
    expect(i64('-0')).toBe(0);
    expect(Object.is(i64('-0'), -0)).toBe(false);
    expect(i64('+17')).toBe(17);
    expect(i64('123456789012345')).toBe(123456789012345);
    expect(i64('1234567890123456789')).toBe(1234567890123456789n);
    expect(() => i64('-')).toThrow(CoerceError);
    expect(() => i64('')).toThrow(CoerceError);
    expect(() => coercer('uint8')('256')).toThrow(/out of range/);
    expect(() => coercer('uint8')('-1')).toThrow(/out of range/);
  });
});
