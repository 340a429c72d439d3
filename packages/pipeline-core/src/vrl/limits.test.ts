import { describe, expect, it } from 'vitest';
import { parsePipeline, StatusCode, Timestamp } from '../index.js';
import { compileVrl } from './index.js';

const now = Timestamp.fromMillis(0);

describe('VRL value-size limit (issue 18)', () => {
  it('refuses a huge string repeat before building it', () => {
    const p = compileVrl('.s = "a" * 100000000\n.');
    expect(() => p.run({}, { now })).toThrow(/\[ingest\] max_value_size/);
    // A handled failure (`?? "x"` catches it): the corpus case "huge string repetition is a handled failure".
    expect(compileVrl('.s = "ab" * 3\n.').run({}, { now }).event).toEqual({ s: 'ababab' });
  });

  it('refuses split() of a huge string into characters, and honours a smaller limit', () => {
    const p = compileVrl('.parts = split(string!(.s), "")\n.');
    expect(() => p.run({ s: 'a'.repeat(2_000) }, { now, maxValueSize: 1000 })).toThrow(/split/);
    expect(() => p.run({ s: 'abcdef' }, { now, maxValueSize: 4 })).toThrow(/over the 4 limit/);
    expect(p.run({ s: 'ab' }, { now }).event).toEqual({ s: 'ab', parts: ['', 'a', 'b', ''] });
  });

  it('checks every function result (join builds a long string)', () => {
    const p = compileVrl('.j = join!(.xs, "-")\n.');
    expect(() => p.run({ xs: ['aaaa', 'bbbb'] }, { now, maxValueSize: 5 })).toThrow(/join\(\)/);
  });

  it('a pipeline run passes maxValueSize to VRL and reports the item', () => {
    const pipeline = parsePipeline(`
processors:
  - vrl:
      source: |
        .s = string!(.message) * 1000
        .
transform:
  - field: s
    type: string
`);
    expect(() => pipeline.run(['abc'], { maxValueSize: 100 })).toThrow(/item 0: processor 0 \(vrl\).*\[ingest\] max_value_size/);
    expect(pipeline.run(['abc'], { maxValueSize: 10_000 }).tables[0]!.rows.length).toBe(1);
  });
});
