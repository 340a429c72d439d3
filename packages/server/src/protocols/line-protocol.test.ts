import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LineProtocolError, parseLineProtocol, type LpLine } from './line-protocol.js';
import { lineProtocolToWrites, parsePrecision } from './line-protocol-rows.js';

const corpus = (name: string) => JSON.parse(readFileSync(new URL(`../../test/corpus/line-protocol/${name}.json`, import.meta.url), 'utf8')) as {
  name: string; input: string; expect?: unknown[]; error?: string;
}[];

/** bigints are written `"123n"` in the corpus. */
const fromCorpus = (v: unknown): unknown => (typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v);

function simplify(l: LpLine) {
  const fields: Record<string, unknown[]> = {};
  l.fieldKeys.forEach((k, i) => (fields[k] = [l.fieldTypes[i], l.fieldValues[i]]));
  return { measurement: l.measurement, tags: l.tags, fields, timestamp: l.timestamp === undefined ? null : String(l.timestamp) };
}

describe('parseLineProtocol: points', () => {
  for (const c of corpus('points')) {
    it(c.name, () => {
      const expected = (c.expect as { fields: Record<string, unknown[]> }[]).map((e) => ({
        ...e,
        fields: Object.fromEntries(Object.entries(e.fields).map(([k, [t, v]]) => [k, [t, fromCorpus(v)]])),
      }));
      expect(parseLineProtocol(c.input).map(simplify)).toEqual(expected);
    });
  }
});

describe('parseLineProtocol: errors (InfluxDB 1.6 wording, plus where)', () => {
  for (const c of corpus('errors')) {
    it(c.name, () => {
      let err: unknown;
      try {
        parseLineProtocol(c.input);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(LineProtocolError);
      expect((err as Error).message).toBe(c.error);
    });
  }
});

describe('lineProtocolToWrites', () => {
  const opts = { db: 'public', precision: 'ms' as const, nowNs: 42n, options: {} };

  it('one table per measurement, columns in first-seen order, missing fields null, precision applied', () => {
    const writes = lineProtocolToWrites(('cpu,host=a u=1 5\nmem v=2i\ncpu,host=b,dc=x w=true'), opts);
    expect(writes.map((w) => w.table)).toEqual(['cpu', 'mem']);
    expect(writes[0]!.schema).toEqual([
      { name: 'service_timestamp', type: 'timestamp_ns', semantic: 'timestamp' },
      { name: 'host', type: 'string', semantic: 'tag' },
      { name: 'u', type: 'float64', semantic: 'field' },
      { name: 'dc', type: 'string', semantic: 'tag' },
      { name: 'w', type: 'boolean', semantic: 'field' },
    ]);
    expect(writes[0]!.rows).toEqual([[5_000_000n, 'a', 1, null, null], [42n, 'b', null, 'x', true]]);
    expect(writes[1]!.rows).toEqual([[42n, 2]]);
  });

  it('keys in another order, fewer or more keys than the line before land in the right columns', () => {
    const [w] = lineProtocolToWrites('m,a=1,b=2 x=1,y=2i 1\nm,b=3,a=4 y=5i,x=6 1\nm,a=7 x=8 1\nm,a=9,c=0 z=t,x=1,x=2 1', opts);
    expect(w!.schema.map((c) => c.name)).toEqual(['service_timestamp', 'a', 'b', 'x', 'y', 'c', 'z']);
    expect(w!.rows.map((r) => r.slice(1))).toEqual([
      ['1', '2', 1, 2, null, null],
      ['4', '3', 6, 5, null, null],
      ['7', null, 8, null, null, null],
      ['9', null, 2, null, '0', true],
    ]);
  });

  it('a field whose type changes within the request is InfluxDB\'s field type conflict, naming the line', () => {
    expect(() => lineProtocolToWrites(('cpu v=1\ncpu v="x"'), opts)).toThrow(
      'field type conflict: input field "v" on measurement "cpu" is type string, already exists as type float (line 2)',
    );
  });

  it('a tag and a field of the same name, or a column named like the time index, are refused', () => {
    expect(() => lineProtocolToWrites(('cpu,v=a x=1\ncpu v=1'), opts)).toThrow(/'v' is a tag/);
    expect(() => lineProtocolToWrites(('cpu service_timestamp=1'), opts)).toThrow(/time index/);
  });

  it('runs of equal timestamps (one bigint shared) and changes within them keep every line its own time', () => {
    const body = ['m v=1 5', 'm v=2 5', 'm v=3', 'm v=4 5', 'm v=5 -5', 'm v=6 -5', 'm v=7 9223372036854', 'm v=8 9223372036854', 'm v=9 0', 'm v=10 5'].join('\n');
    const rows = lineProtocolToWrites(body, opts)[0]!.rows.map((r) => r[0]);
    expect(rows).toEqual([5_000_000n, 5_000_000n, 42n, 5_000_000n, -5_000_000n, -5_000_000n, 9_223_372_036_854_000_000n, 9_223_372_036_854_000_000n, 0n, 5_000_000n]);
    expect(parseLineProtocol(body).map((l) => l.timestamp)).toEqual([5n, 5n, undefined, 5n, -5n, -5n, 9223372036854n, 9223372036854n, 0n, 5n]);
    // A run that scales out of range is refused on every line of it, not only the first.
    expect(() => lineProtocolToWrites('m v=1 1\nm v=2 9223372036855\nm v=3 9223372036855', opts)).toThrow(/out of range .*\(line 2\)/);
  });

  it('precision: ns us ms s m h (and v1 n, u); anything else is a 400', () => {
    expect(['ns', 'us', 'ms', 's', 'm', 'h', 'n', 'u', undefined].map(parsePrecision)).toEqual(['ns', 'us', 'ms', 's', 'm', 'h', 'ns', 'us', 'ns']);
    const ts = (p: string) => lineProtocolToWrites(('x v=1 2'), { ...opts, precision: parsePrecision(p) })[0]!.rows[0]![0];
    expect([ts('s'), ts('m'), ts('h')]).toEqual([2_000_000_000n, 120_000_000_000n, 7_200_000_000_000n]);
    expect(() => parsePrecision('x')).toThrow(/invalid precision 'x'/);
  });
});

describe('parseLineProtocol: names repeated from the previous line, short decimals', () => {
  const names = (l: LpLine) => [l.measurement, ...l.tags, ...l.fieldKeys];

  it('a name matched in place is exactly the name read afresh (escapes, prefixes, `=` in a measurement)', () => {
    const text = ['m,t=a v=1', 'm,t=a\\ b v=2', 'm,t=ab v=3', 'm,t=a v=4', 'm=x,t=a v=5', 'm=x,t=a v=6', 'm\\,y,t\\=k=a v=7', 'm\\,y,t\\=k=a v=8', 'm vv=9', 'm v=10'].join('\n');
    expect(parseLineProtocol(text).map(names)).toEqual([
      ['m', 't', 'a', 'v'],
      ['m', 't', 'a b', 'v'],
      ['m', 't', 'ab', 'v'],
      ['m', 't', 'a', 'v'],
      ['m=x', 't', 'a', 'v'],
      ['m=x', 't', 'a', 'v'],
      ['m,y', 't=k', 'a', 'v'],
      ['m,y', 't=k', 'a', 'v'],
      ['m', 'vv'],
      ['m', 'v'],
    ]);
  });

  it('a quoted string spanning lines keeps the line numbers of later lines true', () => {
    expect(parseLineProtocol('m s="a\nb" 1\nm v=2 2').map((l) => l.lineNumber)).toEqual([1, 3]);
    expect(() => parseLineProtocol('m s="a\nb\nc" 1\nm v=oops 2')).toThrow(/\(line 4, column 5\)/);
  });

  it('decimals parsed without a string give the double Number() gives, -0 and 15 digits included', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const texts = ['0', '-0', '-0.0', '1.', '.5', '-.5', '123456789012345', '1234567890123456', '0.1', '0.30000000000000004', '99999999999999.9', '1e3'];
    for (let i = 0; i < 2000; i++) texts.push((rand() * 10 ** Math.floor(rand() * 12) * (rand() < 0.5 ? -1 : 1)).toFixed(Math.floor(rand() * 8)));
    const body = texts.map((t, i) => `m v=${t} ${i}`).join('\n');
    const got = parseLineProtocol(body).map((l) => l.fieldValues[0]);
    got.forEach((v, i) => expect(Object.is(v, Number(texts[i]))).toBe(true));
  });

  it('lines repeating a series key (read once, then found by its text) parse as each line alone does', () => {
    const keys = ['cpu,host=a,region=r1', 'cpu,region=r1,host=a', 'cpu,host=a,region=r1\\ x', 'c\\ pu,host=a', 'cpu', 'cpu,host=a\\,b\\=c', 'mem,host=a'];
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(`${keys[i % keys.length]} v=${i},s="x" ${i}`);
    const body = lines.join('\n');
    const whole = parseLineProtocol(body);
    expect(whole.map(simplify)).toEqual(lines.map((l) => simplify(parseLineProtocol(l)[0]!)));
    expect(whole.map((l) => l.lineNumber)).toEqual(lines.map((_, i) => i + 1));
  });

  it('the guess of the next series (the one that followed last time) is taken only for the same whole key', () => {
    const lines = ['m,t=a v=1 1', 'm,t=b v=1 1', 'm,t=a v=2 2', 'm,t=bc v=2 2', 'm,t=a v=3 3', 'm,t=b\\ c v=3 3', 'm,t=a v=4 4', 'm,t=b\tx=1 4', 'm,t=a v=5 5', 'm,t=b v=5 5'];
    const got = parseLineProtocol(lines.join('\n'));
    expect(got.map(simplify)).toEqual(lines.map((l) => simplify(parseLineProtocol(l)[0]!)));
    expect(got.map((l) => l.tags[1])).toEqual(['a', 'b', 'a', 'bc', 'a', 'b c', 'a', 'b', 'a', 'b']);
  });

  it('a bad line after lines of a known series key is still the error, at its line', () => {
    const body = `${Array.from({ length: 50 }, (_, i) => `m,t=a v=${i} ${i}`).join('\n')}\nm,t=a v=oops 9\nm,t=a,t=b v=1`;
    expect(() => parseLineProtocol(body)).toThrow(/unable to parse 'm,t=a v=oops 9': invalid boolean \(line 51, column 9\)/);
    expect(() => parseLineProtocol('m,t=a v=1 1\nm,t=a,t=b v=1')).toThrow(/duplicate tags \(line 2/);
    expect(() => parseLineProtocol('m,t=a v=1 1\nm,t=a\nm,t=a v=2')).toThrow(/missing fields \(line 2/);
  });

  it('a body of distinct series parses the same once the series cache gives up', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `m,id=${i} v=${i} ${i}`);
    lines.push('m,id=7 v=1 1', 'm,id=4999 v=2 2');
    const got = parseLineProtocol(lines.join('\n'));
    expect(got.map(simplify)).toEqual(lines.map((l) => simplify(parseLineProtocol(l)[0]!)));
  });
});
