import { describe, expect, it } from 'vitest';
import { toCsv, toNdjson } from './export.js';

const rs = { columns: [{ name: 'a', type: 'String' }, { name: 'b', type: 'Int64' }], rows: [['x,"y"', 1], [null, 2], ['line\nbreak', null]] };

describe('export', () => {
  it('writes RFC 4180 CSV with a header', () => {
    expect(toCsv(rs)).toBe('a,b\r\n"x,""y""",1\r\n,2\r\n"line\nbreak",\r\n');
  });
  it('writes one JSON object per row', () => {
    expect(toNdjson(rs).trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual([{ a: 'x,"y"', b: 1 }, { a: null, b: 2 }, { a: 'line\nbreak', b: null }]);
    expect(toNdjson({ columns: rs.columns, rows: [] })).toBe('');
  });
});
