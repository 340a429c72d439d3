import { defineFunction, type Window } from './function.js';

/** rate/increase/delta: the change over the window, extrapolated to its edges exactly as Prometheus 2 does. */
function extrapolatedRate(w: Window, isCounter: boolean, isRate: boolean): number | undefined {
  const { ts, vs, lo, hi } = w;
  const n = hi - lo;
  if (n < 2) return undefined;
  const rangeStart = w.end - w.rangeMs;
  const rangeEnd = w.end;
  const first = vs[lo]!;
  let result = vs[hi - 1]! - first;
  if (isCounter) {
    let prev = first;
    for (let i = lo + 1; i < hi; i++) {
      const cur = vs[i]!;
      if (cur < prev) result += prev;
      prev = cur;
    }
  }
  let durationToStart = (ts[lo]! - rangeStart) / 1000;
  const durationToEnd = (rangeEnd - ts[hi - 1]!) / 1000;
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
  if (isRate) factor /= w.rangeMs / 1000;
  return result * factor;
}

export const rate = defineFunction({ name: 'rate', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => extrapolatedRate(w, true, true) } });
export const increase = defineFunction({ name: 'increase', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => extrapolatedRate(w, true, false) } });
export const delta = defineFunction({ name: 'delta', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => extrapolatedRate(w, false, false) } });
