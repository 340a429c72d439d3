import { StatusCode } from '@sluice/pipeline-core';
import type { Expr } from '../ast.js';
import { typeName } from '../check.js';
import { PromqlError } from '../errors.js';
import { compareLabels, labelsToRecord } from '../labels.js';
import type { PromqlResult, PromqlSeries } from '../result.js';
import { checkpoint, type EvalContext } from './context.js';
import { WindowCursor } from './selector.js';
import type { StepSeries, Value } from './values.js';

function topOrder(e: Expr): 'sort' | 'sort_desc' | 'keep' | 'labels' {
  let x = e;
  while (x.kind === 'paren') x = x.expr;
  if (x.kind === 'call' && (x.func === 'sort' || x.func === 'sort_desc')) return x.func;
  if (x.kind === 'aggregate' && (x.op === 'topk' || x.op === 'bottomk')) return 'keep';
  return 'labels';
}

/** The steps that carry a sample, as a columnar series; undefined when none does. */
function stepsToSeries(s: StepSeries, ctx: EvalContext): PromqlSeries | undefined {
  let n = 0;
  for (let i = 0; i < ctx.steps; i++) n += s.has[i]!;
  if (n === 0) return undefined;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < ctx.steps; i++) {
    if (!s.has[i]) continue;
    times[k] = ctx.startMs + i * ctx.stepMs;
    values[k++] = s.values[i]!;
  }
  return { metric: labelsToRecord(s.labels), times, values };
}

async function rangeResult(series: readonly StepSeries[], ctx: EvalContext): Promise<PromqlSeries[]> {
  const sorted = [...series].sort((a, b) => compareLabels(a.labels, b.labels));
  const out: PromqlSeries[] = [];
  for (let j = 0; j < sorted.length; j++) {
    const s = stepsToSeries(sorted[j]!, ctx);
    if (s) out.push(s);
    if ((j & 63) === 63) await checkpoint(ctx);
  }
  return out;
}

const rangeQueryTypeError = (v: Value) =>
  new PromqlError(StatusCode.InvalidArguments, 'bad_data', `invalid expression type "${typeName(v.type)}" for range query, must be Scalar or instant Vector`);

/** The evaluated value as the Prometheus API's result: series in label order (or the order `sort`/`topk` gave). */
export async function toResult(v: Value, e: Expr, instant: boolean, ctx: EvalContext): Promise<PromqlResult> {
  const t = ctx.startMs;
  if (!instant) {
    if (v.type === 'scalar') {
      const times = new Float64Array(ctx.steps);
      for (let i = 0; i < ctx.steps; i++) times[i] = ctx.startMs + i * ctx.stepMs;
      return { resultType: 'matrix', result: [{ metric: {}, times, values: v.values }] };
    }
    if (v.type === 'vector') return { resultType: 'matrix', result: await rangeResult(v.series, ctx) };
    throw rangeQueryTypeError(v);
  }
  switch (v.type) {
    case 'scalar': return { resultType: 'scalar', result: [t, v.values[0]!] };
    case 'string': return { resultType: 'string', result: [t, v.value] };
    case 'matrix': {
      const result: PromqlSeries[] = [];
      for (const s of [...v.series].sort((a, b) => compareLabels(a.labels, b.labels))) {
        const w = new WindowCursor(s.ts, v);
        if (w.at(0)) result.push({ metric: labelsToRecord(s.labels), times: s.ts.slice(w.lo, w.hi), values: s.vs.slice(w.lo, w.hi) });
      }
      return { resultType: 'matrix', result };
    }
    case 'vector': {
      const present = v.series.filter((s) => s.has[0]);
      const order = topOrder(e);
      if (order === 'labels') present.sort((a, b) => compareLabels(a.labels, b.labels));
      else if (order !== 'keep') {
        const desc = order === 'sort_desc';
        present.sort((a, b) => {
          const x = a.values[0]!;
          const y = b.values[0]!;
          if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
          if (Number.isNaN(y)) return -1;
          return desc ? y - x : x - y;
        });
      }
      return { resultType: 'vector', result: present.map((s) => ({ metric: labelsToRecord(s.labels), value: [t, s.values[0]!] as const })) };
    }
  }
}
