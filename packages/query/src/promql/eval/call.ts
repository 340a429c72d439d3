import type { Call, Expr } from '../ast.js';
import { dropMetricName, type Labels } from '../labels.js';
import { FUNCTIONS } from '../functions/registry.js';
import type { FunctionImpl, Window } from '../functions/function.js';
import { checkpoint, stepTime, type EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
import { mergeSameLabels, withLabels } from './merge.js';
import { evalVectorSelector, WindowCursor } from './selector.js';
import { newStepSeries, type MatrixValue, type RawSeries, type ScalarValue, type StepSeries, type Value, type VectorValue } from './values.js';

export type RangeImpl = Extract<FunctionImpl, { kind: 'range' }>;
type ElementImpl = Extract<FunctionImpl, { kind: 'elementwise' }>;

function unparen(e: Expr): Expr {
  return e.kind === 'paren' ? unparen(e.expr) : e;
}

/** Values of the scalar arguments (all but `skip`) at step i, into `out`. */
function scalarsAt(args: readonly Value[], skip: number, i: number, out: number[]): number[] {
  let k = 0;
  for (let j = 0; j < args.length; j++) {
    const a = args[j]!;
    if (j !== skip && a.type === 'scalar') out[k++] = a.values[i]!;
  }
  out.length = k;
  return out;
}

/** The one window object a range function call sees, moved from step to step (nothing allocated per step). */
type MovingWindow = { -readonly [K in keyof Window]: Window[K] };

/** A range function's per-series evaluation: one window object moved from step to step. */
export class RangeStepper {
  private readonly mi: number;
  readonly m: MatrixValue;
  private readonly scalarArgs: boolean;
  private readonly w: MovingWindow;
  private readonly scalars: number[] = [];

  constructor(
    readonly impl: RangeImpl,
    private readonly args: readonly Value[],
    private readonly ctx: EvalContext,
  ) {
    this.mi = args.findIndex((a) => a.type === 'matrix');
    this.m = args[this.mi] as MatrixValue;
    this.scalarArgs = args.some((a, j) => j !== this.mi && a.type === 'scalar');
    this.w = { ts: EMPTY, vs: EMPTY, lo: 0, hi: 0, end: 0, rangeMs: this.m.rangeMs, t: 0, scalars: [] };
  }

  /** The output labels of input series `s`. */
  labels(s: RawSeries): Labels {
    return this.impl.keepName ? s.labels : dropMetricName(s.labels);
  }

  /** Series `s`'s value per step into `out` (`has` all zero); false when no step has one. */
  async steps(s: RawSeries, out: StepSeries): Promise<boolean> {
    const { m, w, ctx, impl, args, mi, scalars } = this;
    const fn = impl.fn;
    const steps = ctx.steps;
    if (impl.run !== undefined && !this.scalarArgs) {
      const run = impl.run;
      const cur = { lo: 0, hi: 0, prevEnd: -Infinity, lastReset: -1 };
      let wrote = false;
      for (let from = 0; from < steps; from += RUN_BLOCK) {
        if (from > 0) await checkpoint(ctx);
        if (run(s.ts, s.vs, m.windowEnds, m.rangeMs, from, Math.min(steps, from + RUN_BLOCK), cur, out.values, out.has)) wrote = true;
      }
      return wrote;
    }
    const cursor = new WindowCursor(s.ts, m);
    w.ts = s.ts;
    w.vs = s.vs;
    let any = false;
    for (let i = 0; i < steps; i++) {
      // A window function may cost much per step (quantile_over_time sorts its window): yield inside long series too.
      if ((i & 255) === 255) await checkpoint(ctx);
      if (!cursor.at(i)) continue;
      w.lo = cursor.lo;
      w.hi = cursor.hi;
      w.end = m.windowEnds[i]!;
      w.t = ctx.startMs + i * ctx.stepMs;
      if (this.scalarArgs) w.scalars = scalarsAt(args, mi, i, scalars);
      const v = fn(w);
      if (v === undefined) continue;
      out.values[i] = v;
      out.has[i] = 1;
      any = true;
    }
    return any;
  }
}

/** A range function over every series: one pass per series over its step windows; yields between series. */
export async function rangeCall(impl: RangeImpl, args: readonly Value[], ctx: EvalContext): Promise<VectorValue> {
  const r = new RangeStepper(impl, args, ctx);
  const out: StepSeries[] = [];
  let scratch: StepSeries | undefined;
  for (const s of r.m.series) {
    const o = scratch ?? newStepSeries([], ctx.steps);
    scratch = undefined;
    if (await r.steps(s, o)) out.push(withLabels(o, r.labels(s)));
    else scratch = o;
    await checkpoint(ctx);
  }
  ctx.budget.take(out.length * ctx.steps);
  return { type: 'vector', series: mergeSameLabels(out, ctx.steps) };
}

const EMPTY = new Float64Array(0);
/** Steps a range function's fast path runs between checkpoints. */
const RUN_BLOCK = 2048;

async function elementCall(impl: ElementImpl, args: readonly Value[], ctx: EvalContext): Promise<VectorValue> {
  const vec = args[0] as VectorValue;
  const out: StepSeries[] = [];
  const scalars: number[] = [];
  for (const s of vec.series) {
    const o = newStepSeries(impl.keepName ? s.labels : dropMetricName(s.labels), ctx.steps);
    let any = false;
    for (let i = 0; i < ctx.steps; i++) {
      if (!s.has[i]) continue;
      const v = impl.fn(s.values[i]!, scalarsAt(args, 0, i, scalars), stepTime(ctx, i));
      if (v === undefined) continue;
      o.values[i] = v;
      o.has[i] = 1;
      any = true;
    }
    if (any) out.push(o);
    await checkpoint(ctx);
  }
  return { type: 'vector', series: mergeSameLabels(out, ctx.steps) };
}

/** The vector(time()) that date functions default to. */
function timeVector(ctx: EvalContext): VectorValue {
  const s = newStepSeries([], ctx.steps);
  for (let i = 0; i < ctx.steps; i++) {
    s.values[i] = stepTime(ctx, i) / 1000;
    s.has[i] = 1;
  }
  return { type: 'vector', series: [s] };
}

export async function evalCall(e: Call, ctx: EvalContext, evaluate: Evaluate): Promise<Value> {
  const f = FUNCTIONS.get(e.func)!;
  if (f.name === 'timestamp') {
    const arg = unparen(e.args[0]!);
    if (arg.kind === 'vector_selector') {
      const v = await evalVectorSelector(arg, ctx, true);
      return { type: 'vector', series: mergeSameLabels(v.series.map((s) => ({ ...s, labels: dropMetricName(s.labels) })), ctx.steps) };
    }
  }
  const args: Value[] = [];
  for (const a of e.args) args.push(await evaluate(a, ctx));
  if (args.length === 0 && f.args[0] === 'vector') args.push(timeVector(ctx));
  switch (f.impl.kind) {
    case 'range': return rangeCall(f.impl, args, ctx);
    case 'elementwise': return elementCall(f.impl, args, ctx);
    case 'custom': return await f.impl.eval(args, e, ctx);
  }
}

export type { ScalarValue };
