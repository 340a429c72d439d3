import { COMPARISON_OPS, type Binary, type VectorMatching } from '../ast.js';
import { PromqlExecutionError } from '../errors.js';
import { dropMetricName, formatLabels, getLabel, keepLabels, labelsKey, METRIC_NAME, removeLabels, setLabel, type Labels } from '../labels.js';
import type { EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
import { applyOp, dropsMetricName } from './binary-ops.js';
import { mergeSameLabels } from './merge.js';
import { newStepSeries, type ScalarValue, type StepSeries, type Value, type VectorValue } from './values.js';

const DEFAULT_MATCHING: VectorMatching = { card: 'one-to-one', on: false, labels: [], include: [], explicit: false };

function signatures(series: readonly StepSeries[], m: VectorMatching): string[] {
  const names = new Set(m.labels);
  const ignored = new Set([...m.labels, METRIC_NAME]);
  return series.map((s) => labelsKey(m.on ? keepLabels(s.labels, names) : removeLabels(s.labels, ignored)));
}

function scalarScalar(e: Binary, l: ScalarValue, r: ScalarValue, steps: number): ScalarValue {
  const values = new Float64Array(steps);
  for (let i = 0; i < steps; i++) {
    const [v, keep] = applyOp(e.op, l.values[i]!, r.values[i]!);
    values[i] = COMPARISON_OPS.has(e.op) ? (keep ? 1 : 0) : v;
  }
  return { type: 'scalar', values };
}

function vectorScalar(e: Binary, vec: VectorValue, sc: ScalarValue, swap: boolean, steps: number): VectorValue {
  const cmp = COMPARISON_OPS.has(e.op);
  const drop = dropsMetricName(e.op) || e.returnBool;
  const out: StepSeries[] = [];
  for (const s of vec.series) {
    const o = newStepSeries(drop ? dropMetricName(s.labels) : s.labels, steps);
    let any = false;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const a = s.values[i]!;
      const b = sc.values[i]!;
      let [v, keep] = swap ? applyOp(e.op, b, a) : applyOp(e.op, a, b);
      if (cmp && swap) v = a;
      if (e.returnBool) {
        v = keep ? 1 : 0;
        keep = true;
      }
      if (!keep) continue;
      o.values[i] = v;
      o.has[i] = 1;
      any = true;
    }
    if (any) out.push(o);
  }
  return { type: 'vector', series: drop ? mergeSameLabels(out, steps) : out };
}

function setOperation(e: Binary, l: VectorValue, r: VectorValue, m: VectorMatching, steps: number): VectorValue {
  const ls = signatures(l.series, m);
  const rs = signatures(r.series, m);
  const sigSteps = (series: readonly StepSeries[], sigs: string[]) => {
    const by = new Map<string, Uint8Array>();
    series.forEach((s, i) => {
      let h = by.get(sigs[i]!);
      if (!h) by.set(sigs[i]!, (h = new Uint8Array(steps)));
      for (let t = 0; t < steps; t++) if (s.has[t]) h[t] = 1;
    });
    return by;
  };
  const filter = (series: readonly StepSeries[], sigs: string[], other: Map<string, Uint8Array>, keepIfPresent: boolean) =>
    series.flatMap((s, i) => {
      const h = other.get(sigs[i]!);
      const o = newStepSeries(s.labels, steps);
      let any = false;
      for (let t = 0; t < steps; t++) {
        if (!s.has[t] || (h !== undefined && h[t] === 1) !== keepIfPresent) continue;
        o.has[t] = 1;
        o.values[t] = s.values[t]!;
        any = true;
      }
      return any ? [o] : [];
    });
  switch (e.op) {
    case 'and': return { type: 'vector', series: filter(l.series, ls, sigSteps(r.series, rs), true) };
    case 'unless': return { type: 'vector', series: filter(l.series, ls, sigSteps(r.series, rs), false) };
    default: {
      const left = sigSteps(l.series, ls);
      return { type: 'vector', series: mergeSameLabels([...l.series, ...filter(r.series, rs, left, false)], steps) };
    }
  }
}

function resultLabels(e: Binary, many: Labels, one: Labels, m: VectorMatching): Labels {
  let ls = dropsMetricName(e.op) ? dropMetricName(many) : many;
  if (m.card === 'one-to-one') ls = m.on ? keepLabels(ls, new Set(m.labels)) : removeLabels(ls, new Set(m.labels));
  for (const name of m.include) ls = setLabel(ls, name, getLabel(one, name));
  if (e.returnBool) ls = dropMetricName(ls);
  return ls;
}

function vectorVector(e: Binary, lv: VectorValue, rv: VectorValue, m: VectorMatching, steps: number): VectorValue {
  const oneToMany = m.card === 'one-to-many';
  const manySide = oneToMany ? rv.series : lv.series;
  const oneSide = oneToMany ? lv.series : rv.series;
  const manySigs = signatures(manySide, m);
  const oneSigs = signatures(oneSide, m);
  const outByKey = new Map<string, StepSeries>();
  const pairLabels = new Map<string, Labels>();
  for (let t = 0; t < steps; t++) {
    const oneBySig = new Map<string, number>();
    oneSide.forEach((s, j) => {
      if (!s.has[t]) return;
      const prev = oneBySig.get(oneSigs[j]!);
      if (prev !== undefined) {
        throw new PromqlExecutionError(`found duplicate series for the match group ${formatMatch(s.labels, m)} on the ${oneToMany ? 'left' : 'right'} hand-side of the operation: [${formatLabels(s.labels)}, ${formatLabels(oneSide[prev]!.labels)}];many-to-many matching not allowed: matching labels must be unique on one side`);
      }
      oneBySig.set(oneSigs[j]!, j);
    });
    const matched = new Map<string, Set<string> | null>();
    manySide.forEach((s, i) => {
      if (!s.has[t]) return;
      const sig = manySigs[i]!;
      const j = oneBySig.get(sig);
      if (j === undefined) return;
      const other = oneSide[j]!;
      let a = s.values[t]!;
      let b = other.values[t]!;
      if (oneToMany) [a, b] = [b, a];
      let [v, keep] = applyOp(e.op, a, b);
      if (e.returnBool) {
        v = keep ? 1 : 0;
        keep = true;
      }
      if (!keep) return;
      const pk = `${i}:${j}`;
      let ls = pairLabels.get(pk);
      if (!ls) pairLabels.set(pk, (ls = resultLabels(e, s.labels, other.labels, m)));
      const key = labelsKey(ls);
      const seen = matched.get(sig);
      if (m.card === 'one-to-one') {
        if (seen !== undefined) throw new PromqlExecutionError('multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)');
        matched.set(sig, null);
      } else {
        const set = seen ?? new Set<string>();
        if (set.has(key)) throw new PromqlExecutionError('multiple matches for labels: grouping labels must ensure unique matches');
        set.add(key);
        matched.set(sig, set);
      }
      let o = outByKey.get(key);
      if (!o) outByKey.set(key, (o = newStepSeries(ls, steps)));
      if (o.has[t]) throw new PromqlExecutionError('vector cannot contain metrics with the same labelset');
      o.has[t] = 1;
      o.values[t] = v;
    });
  }
  return { type: 'vector', series: [...outByKey.values()] };
}

function formatMatch(ls: Labels, m: VectorMatching): string {
  const kept = m.on ? keepLabels(ls, new Set(m.labels)) : removeLabels(ls, new Set([...m.labels, METRIC_NAME]));
  return `{${kept.map((l) => `${l.name}=${JSON.stringify(l.value)}`).join(', ')}}`;
}

export async function evalBinary(e: Binary, ctx: EvalContext, evaluate: Evaluate): Promise<Value> {
  const l = await evaluate(e.lhs, ctx);
  const r = await evaluate(e.rhs, ctx);
  if (l.type === 'scalar' && r.type === 'scalar') return scalarScalar(e, l, r, ctx.steps);
  if (l.type === 'vector' && r.type === 'scalar') return vectorScalar(e, l, r, false, ctx.steps);
  if (l.type === 'scalar' && r.type === 'vector') return vectorScalar(e, r, l, true, ctx.steps);
  const lv = l as VectorValue;
  const rv = r as VectorValue;
  const m = e.matching ?? DEFAULT_MATCHING;
  if (e.op === 'and' || e.op === 'or' || e.op === 'unless') return setOperation(e, lv, rv, m, ctx.steps);
  const out = vectorVector(e, lv, rv, m, ctx.steps);
  ctx.budget.take(out.series.length * ctx.steps);
  return out;
}
