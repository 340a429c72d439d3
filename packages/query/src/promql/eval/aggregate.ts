import type { Aggregate } from '../ast.js';
import { PromqlExecutionError } from '../errors.js';
import { formatPromValue } from '../format-value.js';
import { groupingKey, keepLabels, METRIC_NAME, removeLabels, setLabel, type Labels } from '../labels.js';
import { LABEL_NAME_RE } from '../functions/label_replace.js';
import { quantile } from '../functions/quantile.js';
import type { EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
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

/** sum, avg, min, max, count, group, stddev, stdvar: one accumulator per group and step, in input order. */
function simpleAggregate(e: Aggregate, series: readonly StepSeries[], g: Groups, steps: number): StepSeries[] {
  const out = g.labels.map((l) => newStepSeries(l, steps));
  const count = g.labels.map(() => new Float64Array(steps));
  const mean = g.labels.map(() => new Float64Array(steps));
  series.forEach((s, si) => {
    const gi = g.of[si]!;
    const o = out[gi]!;
    const val = o.values;
    const cnt = count[gi]!;
    const mn = mean[gi]!;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const v = s.values[i]!;
      if (cnt[i] === 0) {
        o.has[i] = 1;
        cnt[i] = 1;
        mn[i] = v;
        val[i] = e.op === 'stddev' || e.op === 'stdvar' ? 0 : e.op === 'group' ? 1 : v;
        continue;
      }
      const c = ++cnt[i]!;
      switch (e.op) {
        case 'sum': val[i] += v; break;
        case 'avg': {
          const m = mn[i]!;
          if (!Number.isFinite(m) && !Number.isNaN(m)) {
            if (!Number.isFinite(v) && !Number.isNaN(v) && m > 0 === v > 0) break;
            if (Number.isFinite(v)) break;
          }
          mn[i] = m + (v / c - m / c);
          break;
        }
        case 'max': if (val[i]! < v || Number.isNaN(val[i]!)) val[i] = v; break;
        case 'min': if (val[i]! > v || Number.isNaN(val[i]!)) val[i] = v; break;
        case 'stddev':
        case 'stdvar': {
          const d = v - mn[i]!;
          mn[i] = mn[i]! + d / c;
          val[i] = val[i]! + d * (v - mn[i]!);
          break;
        }
        default: break;
      }
    }
  });
  out.forEach((o, gi) => {
    for (let i = 0; i < steps; i++) {
      if (!o.has[i]) continue;
      const c = count[gi]![i]!;
      if (e.op === 'avg') o.values[i] = mean[gi]![i]!;
      else if (e.op === 'count') o.values[i] = c;
      else if (e.op === 'stdvar') o.values[i] = o.values[i]! / c;
      else if (e.op === 'stddev') o.values[i] = Math.sqrt(o.values[i]! / c);
    }
  });
  return out.filter((o) => o.has.some((h) => h === 1));
}

/** topk/bottomk: per step and group, the k largest (smallest) elements keep their own labels. */
function topBottom(e: Aggregate, series: readonly StepSeries[], g: Groups, k: Float64Array, steps: number): StepSeries[] {
  const out = series.map((s) => newStepSeries(s.labels, steps));
  const order: number[] = [];
  const members: number[][] = g.labels.map(() => []);
  series.forEach((_, si) => members[g.of[si]!]!.push(si));
  const top = e.op === 'topk';
  for (let i = 0; i < steps; i++) {
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

function quantileAggregate(series: readonly StepSeries[], g: Groups, q: Float64Array, steps: number): StepSeries[] {
  const out = g.labels.map((l) => newStepSeries(l, steps));
  for (let i = 0; i < steps; i++) {
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

function countValues(e: Aggregate, series: readonly StepSeries[], label: string, steps: number): StepSeries[] {
  if (!LABEL_NAME_RE.test(label)) throw new PromqlExecutionError(`invalid label name ${JSON.stringify(label)}`);
  const names = new Set(e.without ? e.grouping : [...e.grouping, label]);
  const dropNames = new Set([...e.grouping, METRIC_NAME]);
  const groups = new Map<string, StepSeries>();
  for (const s of series) {
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
  const v = (await evaluate(e.expr, ctx)) as VectorValue;
  const series = v.series;
  let out: StepSeries[];
  switch (e.op) {
    case 'topk':
    case 'bottomk':
      out = topBottom(e, series, assignGroups(series, e), (param as ScalarValue).values, ctx.steps);
      break;
    case 'quantile':
      out = quantileAggregate(series, assignGroups(series, e), (param as ScalarValue).values, ctx.steps);
      break;
    case 'count_values':
      out = countValues(e, series, (param as StringValue).value, ctx.steps);
      break;
    default:
      out = simpleAggregate(e, series, assignGroups(series, e), ctx.steps);
  }
  ctx.budget.take(out.length * ctx.steps);
  return { type: 'vector', series: out };
}
