import { describe, expect, it } from 'vitest';
import { csvField } from './csv.js';
import { cellToJson } from './cell-json.js';
import { Timestamp } from '@sluice/pipeline-core';

describe('cell encoding', () => {
  it('quotes CSV fields only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('gives timestamps to JSON in the column unit, binary as base64', () => {
    expect(cellToJson(Timestamp.fromMillis(1500), 'timestamp_s')).toBe(1);
    expect(cellToJson(new Timestamp(1700000000123456789n, 'ns'), 'timestamp_ns')).toBe(1700000000123456789n);
    expect(cellToJson(5n, 'int64')).toBe(5);
    expect(cellToJson(new Uint8Array([1, 2, 3]), 'binary')).toBe('AQID');
  });
});
