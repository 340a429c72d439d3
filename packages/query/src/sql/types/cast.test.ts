import { describe, expect, it } from 'vitest';
import { castValue } from './cast.js';
import { SqlExecutionError } from '../errors.js';

describe('castValue', () => {
  it('converts between numbers, strings and booleans', () => {
    expect(castValue('42', 'string', 'int32')).toBe(42);
    expect(castValue('9007199254740993', 'string', 'int64')).toBe(9007199254740993n);
    expect(castValue(2.9, 'float64', 'int64')).toBe(2);
    expect(castValue(' 1.5 ', 'string', 'float64')).toBe(1.5);
    expect(castValue(1, 'int64', 'boolean')).toBe(true);
    expect(castValue('f', 'string', 'boolean')).toBe(false);
    expect(castValue(7, 'int64', 'string')).toBe('7');
  });
  it('converts timestamps between units and from text', () => {
    expect(castValue(1500n, 'timestamp_ms', 'timestamp_s')).toBe(1n);
    expect(castValue(-1500n, 'timestamp_ms', 'timestamp_s')).toBe(-2n);
    expect(castValue(2n, 'timestamp_s', 'timestamp_us')).toBe(2_000_000n);
    expect(castValue('1970-01-01T00:00:01.5Z', 'string', 'timestamp_ms')).toBe(1500n);
    expect(castValue(1500n, 'timestamp_ms', 'string')).toBe('1970-01-01 00:00:01.500');
  });
  it('rejects impossible casts naming the value', () => {
    expect(() => castValue('abc', 'string', 'int32')).toThrow(SqlExecutionError);
    expect(() => castValue(300, 'int64', 'int8')).toThrow(/300/);
    expect(() => castValue(-1, 'int64', 'uint32')).toThrow(/uint32/);
    expect(() => castValue('nope', 'string', 'timestamp_ms')).toThrow(/'nope'/);
  });
});
