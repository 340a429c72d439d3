import type { Expr } from '../ast.js';
import { FUNCTIONS } from '../functions/registry.js';
import { labelsKey } from '../labels.js';
import { RangeStepper, rangeCall, type RangeImpl } from './call.js';
import { checkpoint, type EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
import { instantSteps, selectInstant } from './selector.js';
import { newStepSeries, type StepSeries, type Value } from './values.js';

/** Takes series one at a time; `s`'s arrays are reused after the call returns (copy what must be kept). */
export type SeriesSink = (s: StepSeries) => void;

/**
 * Evaluates a vector expression series by series into `sink`, holding one output series at a time,
 * when its form allows it: an instant vector selector, or a range function over a range vector
 * (`rate(x[5m])`). Series come in the order, and with the values, the whole evaluation gives. False
 * (nothing evaluated) for any other form: the caller evaluates it whole. An aggregation over such an
 * argument folds each series as it is computed instead of keeping one step array per input series.
 */
export async function streamVector(e: Expr, ctx: EvalContext, evaluate: Evaluate, sink: SeriesSink): Promise<boolean> {
  if (e.kind === 'paren') return streamVector(e.expr, ctx, evaluate, sink);
  if (e.kind === 'vector_selector') {
    if (ctx.steps === 0) return true;
    const { raw, refs } = await selectInstant(e, ctx);
    const scratch = newStepSeries([], ctx.steps);
    let dirty = false;
    for (let k = 0; k < raw.length; k++) {
      const s = raw[k]!;
      if (dirty) scratch.has.fill(0);
      dirty = instantSteps(s, refs, ctx.lookbackMs, false, scratch);
      if (dirty) {
        ctx.budget.take(ctx.steps);
        sink({ labels: s.labels, values: scratch.values, has: scratch.has });
      }
      if ((k & 63) === 63) await checkpoint(ctx);
    }
    return true;
  }
  if (e.kind !== 'call') return false;
  const f = FUNCTIONS.get(e.func)!;
  if (f.impl.kind !== 'range' || f.name === 'timestamp') return false;
  const args: Value[] = [];
  for (const a of e.args) args.push(await evaluate(a, ctx));
  const stepper = new RangeStepper(f.impl, args, ctx);
  const series = stepper.m.series;
  // Output label sets must stay distinct (dropping __name__ may join series): else evaluate whole,
  // which merges them as Prometheus does (or fails on a clash).
  if (!stepper.impl.keepName) {
    const seen = new Set<string>();
    for (const s of series) seen.add(labelsKey(stepper.labels(s)));
    if (seen.size !== series.length) {
      const whole = await rangeCall(f.impl as RangeImpl, args, ctx);
      for (const s of whole.series) sink(s);
      return true;
    }
  }
  const scratch = newStepSeries([], ctx.steps);
  let dirty = false;
  for (const s of series) {
    if (dirty) scratch.has.fill(0);
    dirty = await stepper.steps(s, scratch);
    if (dirty) {
      ctx.budget.take(ctx.steps);
      sink({ labels: stepper.labels(s), values: scratch.values, has: scratch.has });
    }
    await checkpoint(ctx);
  }
  return true;
}
