import type { MatrixSelector, VectorSelector } from '../ast.js';
import type { EvalContext } from './context.js';
import { compareLabels } from '../labels.js';
import { referenceTimes } from './context.js';
import { isStaleNaN, newStepSeries, type MatrixValue, type RawSeries, type StepSeries, type VectorValue } from './values.js';

/** Series in label order, as Prometheus's storage returns them (aggregations see inputs in this order). */
function sortSeries(raw: RawSeries[]): RawSeries[] {
  return raw.sort((a, b) => compareLabels(a.labels, b.labels));
}

function minMax(a: Float64Array): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of a) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

/** An instant vector selector: per step, the newest sample within the lookback window, unless it is a staleness marker. */
export async function evalVectorSelector(e: VectorSelector, ctx: EvalContext, sampleTimes = false): Promise<VectorValue> {
  if (ctx.steps === 0) return { type: 'vector', series: [] };
  const refs = referenceTimes(ctx, e.at, e.offsetMs);
  const [lo, hi] = minMax(refs);
  const raw = sortSeries(await ctx.source.select(e.matchers, lo - ctx.lookbackMs, hi, ctx.signal));
  let loaded = 0;
  for (const s of raw) loaded += s.ts.length;
  ctx.budget.take(loaded);
  const out: StepSeries[] = [];
  for (const s of raw) {
    const ss = newStepSeries(s.labels, ctx.steps);
    let j = -1; // index of the last sample <= ref
    let any = false;
    for (let i = 0; i < ctx.steps; i++) {
      const ref = refs[i]!;
      while (j + 1 < s.ts.length && s.ts[j + 1]! <= ref) j++;
      if (j < 0) continue;
      if (s.ts[j]! < ref - ctx.lookbackMs) continue;
      const v = s.vs[j]!;
      if (isStaleNaN(v)) continue;
      ss.values[i] = sampleTimes ? s.ts[j]! / 1000 : v;
      ss.has[i] = 1;
      any = true;
    }
    if (any) out.push(ss);
  }
  ctx.budget.take(out.length * ctx.steps);
  return { type: 'vector', series: out };
}

/** Drops staleness markers (range windows never see them). */
export function withoutStale(s: RawSeries): RawSeries {
  let stale = 0;
  for (const v of s.vs) if (isStaleNaN(v)) stale++;
  if (stale === 0) return s;
  const ts = new Float64Array(s.ts.length - stale);
  const vs = new Float64Array(s.ts.length - stale);
  let k = 0;
  for (let i = 0; i < s.ts.length; i++) {
    if (isStaleNaN(s.vs[i]!)) continue;
    ts[k] = s.ts[i]!;
    vs[k++] = s.vs[i]!;
  }
  return { labels: s.labels, ts, vs };
}

/** A range vector selector: raw samples; each step looks at [ref - range, ref]. */
export async function evalMatrixSelector(e: MatrixSelector, ctx: EvalContext): Promise<MatrixValue> {
  const windowEnds = referenceTimes(ctx, e.selector.at, e.selector.offsetMs);
  if (ctx.steps === 0) return { type: 'matrix', series: [], rangeMs: e.rangeMs, windowEnds };
  const [lo, hi] = minMax(windowEnds);
  const raw = sortSeries(await ctx.source.select(e.selector.matchers, lo - e.rangeMs, hi, ctx.signal));
  let loaded = 0;
  const series: RawSeries[] = [];
  for (const s of raw) {
    loaded += s.ts.length;
    const clean = withoutStale(s);
    if (clean.ts.length > 0) series.push(clean);
  }
  ctx.budget.take(loaded);
  return { type: 'matrix', series, rangeMs: e.rangeMs, windowEnds };
}

/** Calls `fn(lo, hi)` with the sample index range [lo, hi) of each step's window; windows move forward. */
export function forEachWindow(s: RawSeries, m: MatrixValue, fn: (step: number, lo: number, hi: number) => void): void {
  let lo = 0;
  let hi = 0;
  const n = s.ts.length;
  let prevEnd = -Infinity;
  for (let i = 0; i < m.windowEnds.length; i++) {
    const end = m.windowEnds[i]!;
    const start = end - m.rangeMs;
    if (end < prevEnd) {
      lo = 0;
      hi = 0;
    }
    prevEnd = end;
    while (lo < n && s.ts[lo]! < start) lo++;
    if (hi < lo) hi = lo;
    while (hi < n && s.ts[hi]! <= end) hi++;
    fn(i, lo, hi);
  }
}
