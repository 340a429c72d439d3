import { defineFunction, type RunCursor, type RunSteps, type Window } from './function.js';

/**
 * rate/increase/delta of samples [lo, hi) (at least two) of the window ending at `end`: the change over
 * the window, extrapolated to its edges exactly as Prometheus 2 does. `resets`: whether a counter reset
 * may lie in the window (false only when none does; then the reset loop is skipped, same result).
 */
function extrapolate(ts: Float64Array, vs: Float64Array, lo: number, hi: number, end: number, rangeMs: number, isCounter: boolean, isRate: boolean, resets: boolean): number {
  const n = hi - lo;
  const rangeStart = end - rangeMs;
  const first = vs[lo]!;
  let result = vs[hi - 1]! - first;
  if (isCounter && resets) {
    let prev = first;
    for (let i = lo + 1; i < hi; i++) {
      const cur = vs[i]!;
      if (cur < prev) result += prev;
      prev = cur;
    }
  }
  let durationToStart = (ts[lo]! - rangeStart) / 1000;
  const durationToEnd = (end - ts[hi - 1]!) / 1000;
  const sampledInterval = (ts[hi - 1]! - ts[lo]!) / 1000;
  const avgBetween = sampledInterval / (n - 1);
  if (isCounter && result > 0 && first >= 0) {
    const durationToZero = sampledInterval * (first / result);
    if (durationToZero < durationToStart) durationToStart = durationToZero;
  }
  const threshold = avgBetween * 1.1;
  let extrapolateTo = sampledInterval;
  extrapolateTo += durationToStart < threshold ? durationToStart : avgBetween / 2;
  extrapolateTo += durationToEnd < threshold ? durationToEnd : avgBetween / 2;
  let factor = extrapolateTo / sampledInterval;
  if (isRate) factor /= rangeMs / 1000;
  return result * factor;
}

function extrapolatedRate(w: Window, isCounter: boolean, isRate: boolean): number | undefined {
  if (w.hi - w.lo < 2) return undefined;
  return extrapolate(w.ts, w.vs, w.lo, w.hi, w.end, w.rangeMs, isCounter, isRate, true);
}

/**
 * All steps [from, to) of one series in one forward pass: both window bounds only move forward (they
 * restart when an `@` time makes ends go back), and the newest counter reset seen so far tells whether
 * a window holds one (most do not: no loop over their samples).
 */
function extrapolatedRun(isCounter: boolean, isRate: boolean): RunSteps {
  return (ts, vs, ends, rangeMs, from, to, cur: RunCursor, values, has) => {
    const n = ts.length;
    let { lo, hi, prevEnd, lastReset } = cur;
    let any = false;
    for (let i = from; i < to; i++) {
      const end = ends[i]!;
      const start = end - rangeMs;
      if (end < prevEnd) {
        lo = 0;
        hi = 0;
        lastReset = -1;
      }
      prevEnd = end;
      while (lo < n && ts[lo]! < start) lo++;
      if (hi < lo) hi = lo;
      while (hi < n && ts[hi]! <= end) {
        if (hi > 0 && vs[hi]! < vs[hi - 1]!) lastReset = hi;
        hi++;
      }
      if (hi - lo < 2) continue;
      values[i] = extrapolate(ts, vs, lo, hi, end, rangeMs, isCounter, isRate, lastReset > lo);
      has[i] = 1;
      any = true;
    }
    cur.lo = lo;
    cur.hi = hi;
    cur.prevEnd = prevEnd;
    cur.lastReset = lastReset;
    return any;
  };
}

export const rate = defineFunction({ name: 'rate', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => extrapolatedRate(w, true, true), run: extrapolatedRun(true, true) } });
export const increase = defineFunction({ name: 'increase', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => extrapolatedRate(w, true, false), run: extrapolatedRun(true, false) } });
export const delta = defineFunction({ name: 'delta', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => extrapolatedRate(w, false, false), run: extrapolatedRun(false, false) } });
