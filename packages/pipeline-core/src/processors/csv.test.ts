import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { readCsvRecord } from './csv-record.js';
import { csvProcessor } from './csv.js';

const ctx = { now: Timestamp.fromMillis(0) };

describe('readCsvRecord', () => {
  it('reads quoted and unquoted fields of the first record', () => {
    expect(readCsvRecord('a,"b,""c""",d\r\nnext', ',', '"', false)).toEqual(['a', 'b,"c"', 'd']);
    expect(readCsvRecord('"ab"cd,e', ',', '"', false)).toEqual(['abcd', 'e']);
    expect(readCsvRecord('\n\nx', ',', '"', false)).toEqual(['x']);
    expect(readCsvRecord('\n', ',', '"', false)).toBeNull();
    expect(readCsvRecord('a,', ',', '"', false)).toEqual(['a', '']);
  });
});

describe('csv processor', () => {
  it('writes target_fields and fills the missing ones', () => {
    const cfg = readYamlRoot("csv:\n  field: data\n  target_fields: a, b, c\n  empty_value: '-'\n  trim: true\n").map('csv');
    const p = csvProcessor.compile(csvProcessor.parse(cfg));
    expect(p.exec({ data: ' 1 , 2 ' }, ctx)).toEqual({ data: ' 1 , 2 ', a: '1', b: '2', c: '-' });
  });
});
