import type { MatrixSelector, VectorSelector } from '../ast.js';
import type { EvalContext } from './context.js';
import { compareLabels } from '../labels.js';
import { checkpoint, referenceTimes } from './context.js';
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

/**
 * The raw series an instant vector selector reads (label order, counted against the sample budget) and
 * its reference times.
 */
export async function selectInstant(e: VectorSelector, ctx: EvalContext): Promise<{ raw: RawSeries[]; refs: Float64Array }> {
  const refs = referenceTimes(ctx, e.at, e.offsetMs);
  const [lo, hi] = minMax(refs);
  const raw = sortSeries(await ctx.source.select(e.matchers, lo - ctx.lookbackMs, hi, ctx.signal));
  let loaded = 0;
  for (const s of raw) loaded += s.ts.length;
  ctx.budget.take(loaded);
  return { raw, refs };
}

/**
 * One series' value per step into `out` (whose `has` is all zero): the newest sample within the
 * lookback window of each reference time, unless it is a staleness marker. False when no step has one.
 */
export function instantSteps(s: RawSeries, refs: Float64Array, lookback: number, sampleTimes: boolean, out: StepSeries): boolean {
  const ts = s.ts;
  const vs = s.vs;
  const n = ts.length;
  const steps = refs.length;
  const values = out.values;
  const has = out.has;
  let any = false;
  let j = -1; // index of the last sample <= ref
  for (let i = 0; i < steps; i++) {
    const ref = refs[i]!;
    // Steps only move forward unless `@` fixes the time (then every ref is the same).
    if (j >= 0 && ts[j]! > ref) j = -1;
    while (j + 1 < n && ts[j + 1]! <= ref) j++;
    if (j < 0) continue;
    if (ts[j]! < ref - lookback) continue;
    const v = vs[j]!;
    if (v !== v && isStaleNaN(v)) continue;
    values[i] = sampleTimes ? ts[j]! / 1000 : v;
    has[i] = 1;
    any = true;
  }
  return any;
}

/** An instant vector selector: per step, the newest sample within the lookback window, unless it is a staleness marker. */
export async function evalVectorSelector(e: VectorSelector, ctx: EvalContext, sampleTimes = false): Promise<VectorValue> {
  if (ctx.steps === 0) return { type: 'vector', series: [] };
  const { raw, refs } = await selectInstant(e, ctx);
  const out: StepSeries[] = [];
  let scratch: StepSeries | undefined;
  for (let k = 0; k < raw.length; k++) {
    const s = raw[k]!;
    const ss = scratch ?? newStepSeries(s.labels, ctx.steps);
    scratch = undefined;
    if (instantSteps(s, refs, ctx.lookbackMs, sampleTimes, ss)) out.push(ss.labels === s.labels ? ss : { labels: s.labels, values: ss.values, has: ss.has });
    else scratch = ss; // untouched: reused for the next series
    if ((k & 63) === 63) await checkpoint(ctx);
  }
  ctx.budget.take(out.length * ctx.steps);
  return { type: 'vector', series: out };
}

/** Drops staleness markers (range windows never see them). */
export function withoutStale(s: RawSeries): RawSeries {
  let stale = 0;
  const raw = s.vs;
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i]!;
    if (v !== v && isStaleNaN(v)) stale++;
  }
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

/**
 * Walks the step windows of one series in step order: after `at(i)`, samples [lo, hi) lie in step i's
 * window [end - range, end]. Both bounds only move forward (a window function over a long series is
 * two pointers, not a search per step), and nothing is allocated per step.
 */
export class WindowCursor {
  lo = 0;
  hi = 0;
  private prevEnd = -Infinity;
  constructor(
    private readonly ts: Float64Array,
    private readonly m: MatrixValue,
  ) {}

  /** Moves to step i's window; true when it holds a sample. */
  at(i: number): boolean {
    const ts = this.ts;
    const n = ts.length;
    const end = this.m.windowEnds[i]!;
    const start = end - this.m.rangeMs;
    if (end < this.prevEnd) {
      this.lo = 0;
      this.hi = 0;
    }
    this.prevEnd = end;
    let lo = this.lo;
    let hi = this.hi;
    while (lo < n && ts[lo]! < start) lo++;
    if (hi < lo) hi = lo;
    while (hi < n && ts[hi]! <= end) hi++;
    this.lo = lo;
    this.hi = hi;
    return hi > lo;
  }
}

/** Calls `fn(step, lo, hi)` with the sample index range [lo, hi) of each step's window. */
export function forEachWindow(s: RawSeries, m: MatrixValue, fn: (step: number, lo: number, hi: number) => void): void {
  const w = new WindowCursor(s.ts, m);
  for (let i = 0; i < m.windowEnds.length; i++) {
    w.at(i);
    fn(i, w.lo, w.hi);
  }
}
