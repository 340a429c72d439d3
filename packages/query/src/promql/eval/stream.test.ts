import { describe, expect, it } from 'vitest';
import type { LabelMatcher } from '../ast.js';
import { labelsFromRecord, labelsToRecord, type Labels } from '../labels.js';
import { compileMatcher } from '../matchers.js';
import { parsePromql } from '../parse.js';
import type { SeriesSource } from '../source/series-source.js';
import { SampleBudget, type EvalContext } from './context.js';
import { evaluate } from './evaluate.js';
import { streamVector } from './stream.js';
import { staleNaN, type RawSeries, type StepSeries, type VectorValue } from './values.js';

// streamVector (stream.ts) evaluates selectors and range functions series by series for aggregations:
// it must give the series, in the order and with the values, that evaluating the whole vector gives,
// while holding one output series at a time.

const MIN = 60_000;
const STALE = staleNaN();

/** A source over fixed series: select() filters by matchers and time, as the store source does. */
function source(all: readonly RawSeries[]): SeriesSource {
  return {
    async select(ms: readonly LabelMatcher[], startMs: number, endMs: number) {
      const tests = ms.map(compileMatcher);
      const out: RawSeries[] = [];
      for (const s of all) {
        const rec = labelsToRecord(s.labels);
        if (!tests.every((m) => m.test(rec[m.name] ?? ''))) continue;
        const keep: number[] = [];
        s.ts.forEach((t, i) => t >= startMs && t <= endMs && keep.push(i));
        if (keep.length > 0) out.push({ labels: s.labels, ts: Float64Array.from(keep, (i) => s.ts[i]!), vs: Float64Array.from(keep, (i) => s.vs[i]!) });
      }
      return out.reverse(); // any order: selectors sort by labels
    },
    series: async () => [],
    labelNames: async () => [],
    labelValues: async () => [],
  };
}

function series(labels: Record<string, string>, from: number, to: number, value: (k: number) => number): RawSeries {
  const ts: number[] = [];
  const vs: number[] = [];
  for (let k = from; k <= to; k++) {
    ts.push(k * 15_000);
    vs.push(value(k));
  }
  return { labels: labelsFromRecord(labels), ts: Float64Array.from(ts), vs: Float64Array.from(vs) };
}

const DATA: RawSeries[] = [];
for (let s = 0; s < 150; s++) {
  // Counters with resets, gaps (a series starting late, one ending early) and a staleness marker.
  DATA.push(series({ __name__: 'x', instance: `i${s}`, job: `j${s % 4}` }, s % 7 === 0 ? 200 : 0, s % 11 === 0 ? 300 : 480, (k) => (k % (50 + s) === 0 ? 0 : k * (s + 1) + (s % 3) * 0.1)));
}
DATA[5] = { ...DATA[5]!, vs: DATA[5]!.vs.map((v, i) => (i === 100 ? STALE : v)) };
// Two metrics whose label sets join once __name__ is dropped: disjoint in time (merged), or not (a clash).
DATA.push(series({ __name__: 'a', k: '1' }, 0, 100, (k) => k), series({ __name__: 'b', k: '1' }, 200, 300, (k) => 2 * k));
DATA.push(series({ __name__: 'c', k: '1' }, 0, 300, (k) => k), series({ __name__: 'd', k: '1' }, 0, 300, (k) => 3 * k));

function ctx(): EvalContext {
  const startMs = 10 * MIN;
  const endMs = 120 * MIN;
  const stepMs = MIN;
  return { startMs, endMs, stepMs, steps: (endMs - startMs) / stepMs + 1, queryStartMs: startMs, queryEndMs: endMs, lookbackMs: 5 * MIN, defaultSubqueryStepMs: MIN, source: source(DATA), signal: undefined, budget: new SampleBudget(1e9) };
}

const snapshot = (s: StepSeries) => ({ labels: s.labels as Labels, values: Array.from(s.values, (v, i) => (s.has[i] ? v : null)) });

async function streamed(query: string): Promise<{ series: ReturnType<typeof snapshot>[]; buffers: Set<ArrayBufferLike> }> {
  const got: ReturnType<typeof snapshot>[] = [];
  const buffers = new Set<ArrayBufferLike>();
  const ok = await streamVector(parsePromql(query).expr, ctx(), evaluate, (s) => {
    got.push(snapshot(s));
    buffers.add(s.values.buffer);
  });
  expect(ok).toBe(true);
  return { series: got, buffers };
}

async function whole(query: string) {
  return ((await evaluate(parsePromql(query).expr, ctx())) as VectorValue).series.map(snapshot);
}

describe('streamVector', () => {
  for (const q of ['x', 'x{job=~"j[12]"} offset 3m', '(rate(x[5m]))', 'increase(x[10m])', 'avg_over_time(x[7m])', 'quantile_over_time(0.3, x[5m])', 'rate(x[5m] @ 3600)', 'rate({__name__=~"a|b"}[5m])']) {
    it(`gives what evaluating ${q} whole gives, one series held at a time`, async () => {
      const { series: got, buffers } = await streamed(q);
      expect(got.length).toBeGreaterThan(0);
      expect(got).toEqual(await whole(q));
      if (!q.includes('a|b')) expect(buffers.size).toBe(1); // one scratch array for every series
    });
  }

  it('keeps Prometheus\'s clash error when dropping __name__ joins two series with samples at one step', async () => {
    await expect(streamed('rate({__name__=~"c|d"}[5m])')).rejects.toThrow(/same labelset/);
  });

  it('declines forms it cannot stream (nothing evaluated)', async () => {
    for (const q of ['x * 2', 'sum(x)', 'abs(x)', 'timestamp(x)', 'label_replace(x, "a", "b", "c", "d")']) {
      expect(await streamVector(parsePromql(q).expr, ctx(), evaluate, () => expect.unreachable())).toBe(false);
    }
  });

  it('aggregations over a streamed argument equal those over the same vector evaluated whole', async () => {
    for (const op of ['sum', 'avg', 'min', 'max', 'count', 'group', 'stddev', 'stdvar']) {
      for (const arg of ['rate(x[5m])', 'x']) {
        const a = await whole(`${op} by (job) (${arg})`);
        // `* 1` is an identity the stream does not take: the aggregation then folds the whole vector.
        const b = await whole(`${op} by (job) (${arg} * 1)`);
        expect(a.length).toBe(4);
        expect(a.map((s) => ({ job: labelsToRecord(s.labels).job, values: s.values }))).toEqual(b.map((s) => ({ job: labelsToRecord(s.labels).job, values: s.values })));
      }
    }
  });
});
