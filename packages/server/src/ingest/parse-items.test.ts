import { describe, expect, it } from 'vitest';
import { ingestContentType, parseItems } from './parse-items.js';
import { parseJsonExact } from './parse-json.js';

describe('parseItems', () => {
  it('reads JSON arrays, objects and NDJSON sent as application/json', () => {
    expect(parseItems('[{"a":1},{"a":2}]', 'application/json')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseItems('{"a":1}', 'application/json')).toEqual([{ a: 1 }]);
    expect(parseItems('{"a":1}\n{"a":2}', 'application/json')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseItems('  ', 'application/json')).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(() => parseItems('[1]', 'application/json')).toThrow('array element 0 is not a JSON object');
    expect(() => parseItems('{"a":', 'application/json')).toThrow(/invalid JSON body/);
    expect(() => parseItems('{"a":1}\n\n[2]\n', 'application/x-ndjson')).toThrow('line 3 is not a JSON object');
    expect(() => parseItems('{"a":1}\n{"a"}\n', 'application/x-ndjson')).toThrow(/invalid JSON in line 2/);
  });

  it('splits text into non-empty lines', () => {
    expect(parseItems('a\r\n\nb\n', 'text/plain')).toEqual(['a', 'b']);
    // As split(/\r?\n/) and a trim() test for blank lines: a \r kept where no \n follows, inner \r kept.
    for (const text of ['', '\n', 'x', '\r\n\r\n', ' a \r\n\t\n\u00a0\nb\r', 'a\rb\n\r\n c', '\u00a0x\n\u2003\n\n\n', 'é\r\n"q"\n']) {
      expect(parseItems(text, 'text/plain')).toEqual(text.split(/\r?\n/).filter((l) => l.trim() !== ''));
    }
  });

  it('keeps integers beyond 2^53 exact and leaves others as numbers', () => {
    expect(parseJsonExact('{"big":18446744073709551615,"neg":-9007199254740993,"f":1.5,"s":"12345678901234567890"}')).toEqual({
      big: 18446744073709551615n,
      neg: -9007199254740993n,
      f: 1.5,
      s: '12345678901234567890',
    });
  });

  it('maps content types and rejects others', () => {
    expect(ingestContentType('application/json; charset=utf-8')).toBe('application/json');
    expect(ingestContentType('application/ndjson')).toBe('application/x-ndjson');
    expect(() => ingestContentType(undefined)).toThrow(/unsupported Content-Type ''/);
  });
});
