import { labelsKey, removeLabels, METRIC_NAME, getLabel, type Labels } from '../labels.js';
import { mergeSameLabels } from '../eval/merge.js';
import { newStepSeries, type ScalarValue, type StepSeries, type VectorValue } from '../eval/values.js';
import { defineFunction } from './function.js';
import { checkpoint } from '../eval/context.js';

interface Bucket {
  upperBound: number;
  count: number;
}

/** Prometheus's bucketQuantile over classic `le` buckets. */
export function bucketQuantile(q: number, buckets: Bucket[]): number {
  if (Number.isNaN(q)) return NaN;
  if (q < 0) return -Infinity;
  if (q > 1) return Infinity;
  buckets.sort((a, b) => a.upperBound - b.upperBound);
  if (buckets[buckets.length - 1]!.upperBound !== Infinity) return NaN;
  // Coalesce buckets with the same bound.
  const merged: Bucket[] = [];
  for (const b of buckets) {
    const last = merged[merged.length - 1];
    if (last && last.upperBound === b.upperBound) last.count += b.count;
    else merged.push({ ...b });
  }
  let max = merged[0]!.count;
  for (let i = 1; i < merged.length; i++) {
    if (merged[i]!.count > max) max = merged[i]!.count;
    else if (merged[i]!.count < max) merged[i]!.count = max;
  }
  if (merged.length < 2) return NaN;
  const observations = merged[merged.length - 1]!.count;
  if (observations === 0) return NaN;
  let rank = q * observations;
  let b = 0;
  while (b < merged.length - 1 && !(merged[b]!.count >= rank)) b++;
  if (b === merged.length - 1) return merged[merged.length - 2]!.upperBound;
  if (b === 0 && merged[0]!.upperBound <= 0) return merged[0]!.upperBound;
  let start = 0;
  const end = merged[b]!.upperBound;
  let count = merged[b]!.count;
  if (b > 0) {
    start = merged[b - 1]!.upperBound;
    count -= merged[b - 1]!.count;
    rank -= merged[b - 1]!.count;
  }
  return start + (end - start) * (rank / count);
}

const EXCLUDED = new Set([METRIC_NAME, 'le']);
const LE = new Set(['le']);

export const histogram_quantile = defineFunction({
  name: 'histogram_quantile', args: ['scalar', 'vector'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: async (args, _call, ctx) => {
      const q = (args[0] as ScalarValue).values;
      const v = args[1] as VectorValue;
      const groups = new Map<string, { labels: Labels; members: { bound: number; s: StepSeries }[] }>();
      for (const s of v.series) {
        const le = getLabel(s.labels, 'le');
        const bound = le.trim() === '' ? NaN : Number(le.replace(/^\+?inf$/i, 'Infinity').replace(/^-inf$/i, '-Infinity'));
        if (Number.isNaN(bound) && !/^nan$/i.test(le.trim())) continue;
        const key = labelsKey(removeLabels(s.labels, LE));
        let g = groups.get(key);
        if (!g) groups.set(key, (g = { labels: removeLabels(s.labels, EXCLUDED), members: [] }));
        g.members.push({ bound, s });
      }
      const out: StepSeries[] = [];
      for (const g of groups.values()) {
        await checkpoint(ctx);
        const r = newStepSeries(g.labels, ctx.steps);
        let any = false;
        for (let i = 0; i < ctx.steps; i++) {
          const buckets: Bucket[] = [];
          for (const m of g.members) if (m.s.has[i]) buckets.push({ upperBound: m.bound, count: m.s.values[i]! });
          if (buckets.length === 0) continue;
          r.values[i] = bucketQuantile(q[i]!, buckets);
          r.has[i] = 1;
          any = true;
        }
        if (any) out.push(r);
      }
      return { type: 'vector', series: mergeSameLabels(out, ctx.steps) };
    },
  },
});
