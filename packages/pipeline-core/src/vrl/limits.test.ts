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

describe('VRL work per record and the deadline (issue 18)', () => {
  it('stops nested loops over big arrays at the step budget, with RuntimeResourcesExhausted', () => {
    const p = compileVrl('n = 0\nxs = split("a" * 3000, "")\nfor_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { n = n + 1 } }\n.n = n\n.');
    let err: unknown;
    try {
      p.run({}, { now, maxSteps: 100_000 });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: StatusCode.RuntimeResourcesExhausted });
    expect(String(err)).toContain('[ingest] vrl_max_steps');
    // Under the budget the same program runs (3,002 x 3,002 iterations need about 9 million steps).
    expect(p.run({}, { now, maxSteps: 20_000_000 }).event).toEqual({ n: 3002 * 3002 });
  });

  it('the budget is not a handled failure: `??` and `x, err =` do not catch it', () => {
    const p = compileVrl('xs = split("a" * 2000, "")\nr, err = parse_json(encode_json(for_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { 1 } }))\n.done = parse_int(string!(.x)) ?? r\n.');
    expect(() => p.run({}, { now, maxSteps: 10_000 })).toThrow(/vrl_max_steps/);
    const q = compileVrl('xs = split("a" * 2000, "")\n.y = parse_json(encode_json(for_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { 1 } })) ?? 1\n.');
    expect(() => q.run({}, { now, maxSteps: 10_000 })).toThrow(/vrl_max_steps/);
  });

  it('building big strings counts as work: a loop of large concatenations stops', () => {
    const p = compileVrl('big = "x" * 1000000\nacc = ""\nfor_each(split("a" * 1000, "")) -> |_i, _a| { acc = slice!(big + big, 0, 10) }\n.acc = acc\n.');
    expect(() => p.run({}, { now, maxSteps: 100_000 })).toThrow(/vrl_max_steps/);
  });

  it('a program still running at the deadline stops with DeadlineExceeded', () => {
    const p = compileVrl('n = 0\nxs = split("a" * 3000, "")\nfor_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { n = n + 1 } }\n.n = n\n.');
    const started = Date.now();
    let err: unknown;
    try {
      p.run({}, { now, maxSteps: 1e12, deadline: Date.now() + 30 });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: StatusCode.DeadlineExceeded });
    // Stopped near the deadline, long before the 9 million iterations (a generous bound, not a speed test).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a pipeline run passes the step budget and the deadline; skip_error skips a record over budget but never the deadline', () => {
    const pipeline = parsePipeline(`
processors:
  - vrl:
      source: |
        xs = split(string!(.message), "")
        n = 0
        for_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { n = n + 1 } }
        .n = n
        .
transform:
  - field: n
    type: int64
`);
    const long = 'a'.repeat(2000);
    expect(() => pipeline.run([long], { maxSteps: 50_000 })).toThrow(/item 0: processor 0 \(vrl\).*vrl_max_steps/);
    const skipped = pipeline.run(['ab', long, 'abc'], { maxSteps: 50_000, skipError: true });
    // split(s, "") gives the characters between two empty strings: 4 and 5 elements.
    expect(skipped.tables[0]!.rows.map((r) => r[0])).toEqual([16, 25]);
    expect(skipped.errors.map((e) => [e.index, e.code])).toEqual([[1, StatusCode.RuntimeResourcesExhausted]]);
    let err: unknown;
    try {
      pipeline.run(['ab', 'a'.repeat(5000), 'abc'], { maxSteps: 1e12, skipError: true, deadline: Date.now() + 30 });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: StatusCode.DeadlineExceeded });
  });

  it('a run fed in parts gives what one run gives', () => {
    const pipeline = parsePipeline('processors:\n  - dissect:\n      fields: [message]\n      patterns: ["%{a} %{b}"]\ntransform:\n  - fields: [a, b]\n    type: string\n');
    const items = Array.from({ length: 50 }, (_, i) => `x${i} y${i}`);
    const t = Timestamp.fromMillis(1);
    const whole = pipeline.run(items, { now: t });
    const r = pipeline.start({ now: t });
    r.add(items, 0, 20);
    r.add(items, 20, 50);
    expect(r.finish()).toEqual(whole);
  });
});
