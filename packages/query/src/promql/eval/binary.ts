import { COMPARISON_OPS, type Binary, type VectorMatching } from '../ast.js';
import { PromqlExecutionError } from '../errors.js';
import { dropMetricName, formatLabels, getLabel, keepLabels, labelsKey, METRIC_NAME, removeLabels, setLabel, type Labels } from '../labels.js';
import { checkpoint, type EvalContext } from './context.js';
import type { Evaluate } from './evaluate.js';
import { applyOp, arithmeticFn, comparisonFn, dropsMetricName } from './binary-ops.js';
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

/** The value and keep-flag of `l op r` for one sample pair, with the operator's function chosen once. */
interface Apply {
  value: number;
  keep: boolean;
}

function applier(e: Binary): (l: number, r: number, out: Apply) => void {
  const arith = arithmeticFn(e.op);
  const bool = e.returnBool;
  if (arith) {
    return (l, r, out) => {
      out.value = arith(l, r);
      out.keep = true;
    };
  }
  const cmp = comparisonFn(e.op)!;
  // A comparison keeps the left value when true; with `bool` it is 1 or 0 and always kept.
  return bool
    ? (l, r, out) => {
        out.value = cmp(l, r) ? 1 : 0;
        out.keep = true;
      }
    : (l, r, out) => {
        out.value = l;
        out.keep = cmp(l, r);
      };
}

async function vectorScalar(e: Binary, vec: VectorValue, sc: ScalarValue, swap: boolean, ctx: EvalContext): Promise<VectorValue> {
  const steps = ctx.steps;
  const cmp = COMPARISON_OPS.has(e.op);
  const drop = dropsMetricName(e.op) || e.returnBool;
  const apply = applier(e);
  const r: Apply = { value: 0, keep: false };
  const out: StepSeries[] = [];
  for (let j = 0; j < vec.series.length; j++) {
    const s = vec.series[j]!;
    let o: StepSeries | undefined;
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      const a = s.values[i]!;
      if (swap) apply(sc.values[i]!, a, r);
      else apply(a, sc.values[i]!, r);
      if (!r.keep) continue;
      o ??= newStepSeries(drop ? dropMetricName(s.labels) : s.labels, steps);
      // A filtering comparison keeps the vector's own value, on either side of the scalar.
      o.values[i] = cmp && !e.returnBool ? a : r.value;
      o.has[i] = 1;
    }
    if (o) out.push(o);
    if ((j & 63) === 63) await checkpoint(ctx);
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

/** Interns strings as small integers (signatures, output label keys), so per-step work indexes typed arrays. */
function interner(): (k: string) => number {
  const ids = new Map<string, number>();
  return (k) => {
    let id = ids.get(k);
    if (id === undefined) ids.set(k, (id = ids.size));
    return id;
  };
}

/**
 * Arithmetic and comparison between two vectors, step by step as Prometheus does (its errors arise at
 * the first step that has them). Signatures are interned once per series; a step then costs a few
 * typed-array reads per series, with the output series of a (many, one) pair cached until the pair changes.
 */
async function vectorVector(e: Binary, lv: VectorValue, rv: VectorValue, m: VectorMatching, ctx: EvalContext): Promise<VectorValue> {
  const steps = ctx.steps;
  const oneToMany = m.card === 'one-to-many';
  const oneToOne = m.card === 'one-to-one';
  const manySide = oneToMany ? rv.series : lv.series;
  const oneSide = oneToMany ? lv.series : rv.series;
  const sigId = interner();
  const manySig = Int32Array.from(signatures(manySide, m), sigId);
  const oneSig = Int32Array.from(signatures(oneSide, m), sigId);
  const nSig = manySig.reduce((a, b) => Math.max(a, b + 1), 0);
  const sigSize = Math.max(nSig, oneSig.reduce((a, b) => Math.max(a, b + 1), 0));
  // Per signature, stamped with step + 1: the one-side series present, and (one-to-one) whether matched.
  const oneStamp = new Int32Array(sigSize);
  const oneAt = new Int32Array(sigSize);
  const matchStamp = new Int32Array(sigSize);
  const pairJ = new Int32Array(manySide.length).fill(-1);
  const pairOut = new Int32Array(manySide.length);
  const outs: StepSeries[] = [];
  const outSetBy: number[] = [];
  const outId = interner();
  const apply = applier(e);
  const r: Apply = { value: 0, keep: false };
  for (let t = 0; t < steps; t++) {
    const stamp = t + 1;
    for (let j = 0; j < oneSide.length; j++) {
      const s = oneSide[j]!;
      if (!s.has[t]) continue;
      const sig = oneSig[j]!;
      if (oneStamp[sig] === stamp) {
        const prev = oneSide[oneAt[sig]!]!;
        throw new PromqlExecutionError(`found duplicate series for the match group ${formatMatch(s.labels, m)} on the ${oneToMany ? 'left' : 'right'} hand-side of the operation: [${formatLabels(s.labels)}, ${formatLabels(prev.labels)}];many-to-many matching not allowed: matching labels must be unique on one side`);
      }
      oneStamp[sig] = stamp;
      oneAt[sig] = j;
    }
    for (let i = 0; i < manySide.length; i++) {
      const s = manySide[i]!;
      if (!s.has[t]) continue;
      const sig = manySig[i]!;
      if (oneStamp[sig] !== stamp) continue;
      const j = oneAt[sig]!;
      const other = oneSide[j]!;
      if (oneToMany) apply(other.values[t]!, s.values[t]!, r);
      else apply(s.values[t]!, other.values[t]!, r);
      if (!r.keep) continue;
      let oi: number;
      if (pairJ[i] === j) oi = pairOut[i]!;
      else {
        const ls = resultLabels(e, s.labels, other.labels, m);
        oi = outId(labelsKey(ls));
        if (oi === outs.length) {
          outs.push(newStepSeries(ls, steps));
          outSetBy.push(-1);
        }
        pairJ[i] = j;
        pairOut[i] = oi;
      }
      if (oneToOne) {
        if (matchStamp[sig] === stamp) throw new PromqlExecutionError('multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)');
        matchStamp[sig] = stamp;
      }
      const o = outs[oi]!;
      if (o.has[t]) {
        if (!oneToOne && outSetBy[oi] === sig) throw new PromqlExecutionError('multiple matches for labels: grouping labels must ensure unique matches');
        throw new PromqlExecutionError('vector cannot contain metrics with the same labelset');
      }
      o.has[t] = 1;
      o.values[t] = r.value;
      outSetBy[oi] = sig;
    }
    if ((t & 15) === 15) await checkpoint(ctx);
  }
  return { type: 'vector', series: outs };
}

function formatMatch(ls: Labels, m: VectorMatching): string {
  const kept = m.on ? keepLabels(ls, new Set(m.labels)) : removeLabels(ls, new Set([...m.labels, METRIC_NAME]));
  return `{${kept.map((l) => `${l.name}=${JSON.stringify(l.value)}`).join(', ')}}`;
}

export async function evalBinary(e: Binary, ctx: EvalContext, evaluate: Evaluate): Promise<Value> {
  const l = await evaluate(e.lhs, ctx);
  const r = await evaluate(e.rhs, ctx);
  if (l.type === 'scalar' && r.type === 'scalar') return scalarScalar(e, l, r, ctx.steps);
  if (l.type === 'vector' && r.type === 'scalar') return vectorScalar(e, l, r, false, ctx);
  if (l.type === 'scalar' && r.type === 'vector') return vectorScalar(e, r, l, true, ctx);
  const lv = l as VectorValue;
  const rv = r as VectorValue;
  const m = e.matching ?? DEFAULT_MATCHING;
  if (e.op === 'and' || e.op === 'or' || e.op === 'unless') return setOperation(e, lv, rv, m, ctx.steps);
  const out = await vectorVector(e, lv, rv, m, ctx);
  ctx.budget.take(out.series.length * ctx.steps);
  return out;
}
