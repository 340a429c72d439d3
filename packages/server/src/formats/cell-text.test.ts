import { describe, expect, it } from 'vitest';
import { Timestamp } from '@sluice/pipeline-core';
import { cellText } from './cell-text.js';
import { cellToJson } from './cell-json.js';
import { csvField } from './csv.js';

const col = (type: 'timestamp_ns' | 'timestamp_s' | 'json' | 'binary' | 'string') => ({ name: 'c', type, dataType: 'x' });

describe('cell encoding', () => {
  it('formats timestamps with the digits of their unit', () => {
    expect(cellText(1700000000123456789n, col('timestamp_ns'))).toBe('2023-11-14 22:13:20.123456789');
    expect(cellText(1700000000n, col('timestamp_s'))).toBe('2023-11-14 22:13:20');
    expect(cellText(-1n, col('timestamp_s'))).toBe('1969-12-31 23:59:59');
  });

  it('writes json as JSON, binary as base64, strings as they are', () => {
    expect(cellText({ a: [1, 2n ** 64n] }, col('json'))).toBe('{"a":[1,18446744073709551616]}');
    expect(cellText(new Uint8Array([1, 2, 3]), col('binary'))).toBe('AQID');
    expect(cellText('x', col('string'))).toBe('x');
  });

  it('gives timestamps to JSON in the column unit', () => {
    expect(cellToJson(Timestamp.fromMillis(1500), 'timestamp_s')).toBe(1);
    expect(cellToJson(new Timestamp(1700000000123456789n, 'ns'), 'timestamp_ns')).toBe(1700000000123456789n);
    expect(cellToJson(5n, 'int64')).toBe(5);
  });

  it('quotes CSV fields only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});
