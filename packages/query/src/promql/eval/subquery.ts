import type { Subquery } from '../ast.js';
import { PromqlExecutionError } from '../errors.js';
import { checkpoint, childContext, referenceTimes, type EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
import type { MatrixValue, RawSeries } from './values.js';

/**
 * A subquery: the inner expression evaluated at steps aligned to multiples of the subquery step, from the
 * first such time after (earliest reference - range) to the latest reference; the points become raw samples.
 */
export async function evalSubquery(e: Subquery, ctx: EvalContext, evaluate: Evaluate): Promise<MatrixValue> {
  const windowEnds = referenceTimes(ctx, e.at, e.offsetMs);
  if (ctx.steps === 0) return { type: 'matrix', series: [], rangeMs: e.rangeMs, windowEnds };
  const step = e.stepMs > 0 ? e.stepMs : ctx.defaultSubqueryStepMs;
  let lo = Infinity;
  let hi = -Infinity;
  for (const t of windowEnds) {
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  const from = lo - e.rangeMs;
  let start = step * Math.trunc(from / step);
  if (start < from) start += step;
  const inner = childContext(ctx, start, hi, step);
  const v = await evaluate(e.expr, inner);
  const series: RawSeries[] = [];
  const times = (i: number) => start + i * step;
  if (v.type === 'vector') {
    for (let j = 0; j < v.series.length; j++) {
      const s = v.series[j]!;
      if ((j & 63) === 63) await checkpoint(ctx);
      let n = 0;
      for (let i = 0; i < inner.steps; i++) n += s.has[i]!;
      const ts = new Float64Array(n);
      const vs = new Float64Array(n);
      let k = 0;
      for (let i = 0; i < inner.steps; i++) {
        if (!s.has[i]) continue;
        ts[k] = times(i);
        vs[k++] = s.values[i]!;
      }
      series.push({ labels: s.labels, ts, vs });
    }
  } else if (v.type === 'scalar') {
    const ts = new Float64Array(inner.steps);
    for (let i = 0; i < inner.steps; i++) ts[i] = times(i);
    series.push({ labels: [], ts, vs: v.values.slice() });
  } else {
    throw new PromqlExecutionError(`subquery is only allowed on instant vector, got ${v.type}`);
  }
  return { type: 'matrix', series, rangeMs: e.rangeMs, windowEnds };
}
