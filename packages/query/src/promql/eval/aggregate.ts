import type { Aggregate } from '../ast.js';
import { PromqlExecutionError } from '../errors.js';
import { formatPromValue } from '../format-value.js';
import { groupingKey, keepLabels, METRIC_NAME, removeLabels, setLabel, type Labels } from '../labels.js';
import { LABEL_NAME_RE } from '../functions/label_replace.js';
import { quantile } from '../functions/quantile.js';
import { checkpoint, type EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
import { streamVector } from './stream.js';
import { newStepSeries, type ScalarValue, type StepSeries, type StringValue, type VectorValue } from './values.js';

interface Groups {
  readonly of: Int32Array;
  readonly labels: Labels[];
}

function assignGroups(series: readonly StepSeries[], e: Aggregate): Groups {
  const names = new Set(e.grouping);
  const dropNames = new Set([...e.grouping, METRIC_NAME]);
  const index = new Map<string, number>();
  const labels: Labels[] = [];
  const of = new Int32Array(series.length);
  series.forEach((s, i) => {
    const k = groupingKey(s.labels, names, e.without);
    let g = index.get(k);
    if (g === undefined) {
      g = labels.length;
      index.set(k, g);
      labels.push(e.without ? removeLabels(s.labels, dropNames) : keepLabels(s.labels, names));
    }
    of[i] = g;
  });
  return { of, labels };
}

/** One group's accumulators: per step its value, sample count and running mean (avg, stddev, stdvar). */
interface Acc {
  readonly out: StepSeries;
  readonly count: Float64Array;
  readonly mean: Float64Array;
}

/** Adds one input series into its group's accumulators; one loop per operator (no switch per sample). */
type Fold = (acc: Acc, s: StepSeries, steps: number) => void;

/** The first sample of a group at a step (every operator starts the same way but for its initial value). */
function first(acc: Acc, i: number, v: number, init: number): void {
  acc.out.has[i] = 1;
  acc.count[i] = 1;
  acc.mean[i] = v;
  acc.out.values[i] = init;
}

const FOLDS: Record<'sum' | 'avg' | 'min' | 'max' | 'count' | 'group' | 'stddev' | 'stdvar', Fold> = {
  sum: (acc, s, steps) => {
    const val = acc.out.values;
    const count = acc.count;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const v = s.values[i]!;
      if (count[i] === 0) first(acc, i, v, v);
      else {
        count[i]!++;
        val[i] += v;
      }
    }
  },
  avg: (acc, s, steps) => {
    const { count, mean } = acc;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const v = s.values[i]!;
      if (count[i] === 0) {
        first(acc, i, v, v);
        continue;
      }
      const c = ++count[i]!;
      const m = mean[i]!;
      if (!Number.isFinite(m) && !Number.isNaN(m)) {
        if (!Number.isFinite(v) && !Number.isNaN(v) && m > 0 === v > 0) continue;
        if (Number.isFinite(v)) continue;
      }
      mean[i] = m + (v / c - m / c);
    }
  },
  max: (acc, s, steps) => {
    const val = acc.out.values;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const v = s.values[i]!;
      if (acc.count[i] === 0) first(acc, i, v, v);
      else {
        acc.count[i]!++;
        if (val[i]! < v || Number.isNaN(val[i]!)) val[i] = v;
      }
    }
  },
  min: (acc, s, steps) => {
    const val = acc.out.values;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const v = s.values[i]!;
      if (acc.count[i] === 0) first(acc, i, v, v);
      else {
        acc.count[i]!++;
        if (val[i]! > v || Number.isNaN(val[i]!)) val[i] = v;
      }
    }
  },
  count: (acc, s, steps) => countOrGroup(acc, s, steps),
  group: (acc, s, steps) => countOrGroup(acc, s, steps),
  stddev: (acc, s, steps) => variance(acc, s, steps),
  stdvar: (acc, s, steps) => variance(acc, s, steps),
};

function countOrGroup(acc: Acc, s: StepSeries, steps: number): void {
  for (let i = 0; i < steps; i++) {
    if (!s.has[i]) continue;
    if (acc.count[i] === 0) first(acc, i, 0, 1);
    else acc.count[i]!++;
  }
}

function variance(acc: Acc, s: StepSeries, steps: number): void {
  const { count, mean } = acc;
  const val = acc.out.values;
  for (let i = 0; i < steps; i++) {
    if (!s.has[i]) continue;
    const v = s.values[i]!;
    if (count[i] === 0) {
      first(acc, i, v, 0);
      continue;
    }
    const c = ++count[i]!;
    const d = v - mean[i]!;
    mean[i] = mean[i]! + d / c;
    val[i] = val[i]! + d * (v - mean[i]!);
  }
}

/**
 * sum, avg, min, max, count, group, stddev, stdvar: one accumulator per group and step, inputs folded in
 * input order (Prometheus's floating-point order); a series' group is found once, when it is added.
 * Series can be added as they are computed (stream.ts), so the inputs are never all held.
 */
class Folder {
  private readonly names: Set<string>;
  private readonly dropNames: Set<string>;
  private readonly index = new Map<string, Acc>();
  private readonly accs: Acc[] = [];
  private readonly fold: Fold;
  private readonly op: keyof typeof FOLDS;

  constructor(
    private readonly e: Aggregate,
    private readonly steps: number,
  ) {
    this.names = new Set(e.grouping);
    this.dropNames = new Set([...e.grouping, METRIC_NAME]);
    this.op = e.op as keyof typeof FOLDS;
    this.fold = FOLDS[this.op];
  }

  add(s: StepSeries): void {
    const { e, steps } = this;
    const k = groupingKey(s.labels, this.names, e.without);
    let acc = this.index.get(k);
    if (acc === undefined) {
      const labels = e.without ? removeLabels(s.labels, this.dropNames) : keepLabels(s.labels, this.names);
      acc = { out: newStepSeries(labels, steps), count: new Float64Array(steps), mean: new Float64Array(steps) };
      this.index.set(k, acc);
      this.accs.push(acc);
    }
    this.fold(acc, s, steps);
  }

  finish(): StepSeries[] {
    const { op, steps } = this;
    const out: StepSeries[] = [];
    for (const { out: o, count, mean } of this.accs) {
      let any = false;
      for (let i = 0; i < steps; i++) {
        if (!o.has[i]) continue;
        any = true;
        const c = count[i]!;
        if (op === 'avg') o.values[i] = mean[i]!;
        else if (op === 'count') o.values[i] = c;
        else if (op === 'stdvar') o.values[i] = o.values[i]! / c;
        else if (op === 'stddev') o.values[i] = Math.sqrt(o.values[i]! / c);
      }
      if (any) out.push(o);
    }
    return out;
  }
}

async function simpleAggregate(e: Aggregate, series: readonly StepSeries[], ctx: EvalContext): Promise<StepSeries[]> {
  const folder = new Folder(e, ctx.steps);
  for (let si = 0; si < series.length; si++) {
    folder.add(series[si]!);
    if ((si & 63) === 63) await checkpoint(ctx);
  }
  return folder.finish();
}

/** topk/bottomk: per step and group, the k largest (smallest) elements keep their own labels. */
async function topBottom(e: Aggregate, series: readonly StepSeries[], g: Groups, k: Float64Array, ctx: EvalContext): Promise<StepSeries[]> {
  const steps = ctx.steps;
  const out = series.map((s) => newStepSeries(s.labels, steps));
  const order: number[] = [];
  const members: number[][] = g.labels.map(() => []);
  series.forEach((_, si) => members[g.of[si]!]!.push(si));
  const top = e.op === 'topk';
  for (let i = 0; i < steps; i++) {
    if ((i & 15) === 15) await checkpoint(ctx);
    const kf = k[i]!;
    if (!(Math.abs(kf) < 2 ** 63)) throw new PromqlExecutionError(`Scalar value ${formatPromValue(kf)} overflows int64`);
    const n = Math.trunc(kf);
    if (n < 1) continue;
    for (const m of members) {
      const present = m.filter((si) => series[si]!.has[i]);
      present.sort((a, b) => {
        const x = series[a]!.values[i]!;
        const y = series[b]!.values[i]!;
        if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
        if (Number.isNaN(y)) return -1;
        return top ? y - x : x - y;
      });
      for (const si of present.slice(0, n)) {
        out[si]!.has[i] = 1;
        out[si]!.values[i] = series[si]!.values[i]!;
        if (steps === 1) order.push(si);
      }
    }
  }
  if (steps === 1) return order.map((si) => out[si]!);
  return out.filter((o) => o.has.some((h) => h === 1));
}

async function quantileAggregate(series: readonly StepSeries[], g: Groups, q: Float64Array, ctx: EvalContext): Promise<StepSeries[]> {
  const steps = ctx.steps;
  const out = g.labels.map((l) => newStepSeries(l, steps));
  for (let i = 0; i < steps; i++) {
    if ((i & 15) === 15) await checkpoint(ctx);
    const vals: number[][] = g.labels.map(() => []);
    series.forEach((s, si) => {
      if (s.has[i]) vals[g.of[si]!]!.push(s.values[i]!);
    });
    vals.forEach((vs, gi) => {
      if (vs.length === 0) return;
      out[gi]!.values[i] = quantile(q[i]!, vs);
      out[gi]!.has[i] = 1;
    });
  }
  return out.filter((o) => o.has.some((h) => h === 1));
}

async function countValues(e: Aggregate, series: readonly StepSeries[], label: string, ctx: EvalContext): Promise<StepSeries[]> {
  const steps = ctx.steps;
  if (!LABEL_NAME_RE.test(label)) throw new PromqlExecutionError(`invalid label name ${JSON.stringify(label)}`);
  const names = new Set(e.without ? e.grouping : [...e.grouping, label]);
  const dropNames = new Set([...e.grouping, METRIC_NAME]);
  const groups = new Map<string, StepSeries>();
  for (const s of series) {
    await checkpoint(ctx);
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const ls = setLabel(s.labels, label, formatPromValue(s.values[i]!));
      const key = groupingKey(ls, names, e.without);
      let o = groups.get(key);
      if (!o) groups.set(key, (o = newStepSeries(e.without ? removeLabels(ls, dropNames) : keepLabels(ls, names), steps)));
      o.has[i] = 1;
      o.values[i] = o.values[i]! + 1;
    }
  }
  return [...groups.values()];
}

export async function evalAggregate(e: Aggregate, ctx: EvalContext, evaluate: Evaluate): Promise<VectorValue> {
  const param = e.param ? await evaluate(e.param, ctx) : undefined;
  let out: StepSeries[];
  if (Object.hasOwn(FOLDS, e.op)) {
    // The argument folded series by series as it is computed where its form allows (stream.ts).
    const folder = new Folder(e, ctx.steps);
    if (await streamVector(e.expr, ctx, evaluate, (s) => folder.add(s))) out = folder.finish();
    else out = await simpleAggregate(e, ((await evaluate(e.expr, ctx)) as VectorValue).series, ctx);
    ctx.budget.take(out.length * ctx.steps);
    return { type: 'vector', series: out };
  }
  const v = (await evaluate(e.expr, ctx)) as VectorValue;
  const series = v.series;
  switch (e.op) {
    case 'topk':
    case 'bottomk':
      out = await topBottom(e, series, assignGroups(series, e), (param as ScalarValue).values, ctx);
      break;
    case 'quantile':
      out = await quantileAggregate(series, assignGroups(series, e), (param as ScalarValue).values, ctx);
      break;
    case 'count_values':
      out = await countValues(e, series, (param as StringValue).value, ctx);
      break;
    default:
      throw new PromqlExecutionError(`unknown aggregation ${e.op}`);
  }
  ctx.budget.take(out.length * ctx.steps);
  return { type: 'vector', series: out };
}
