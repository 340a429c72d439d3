import type { Store } from '@sluice/storage';
import type { Expr, LabelMatcher } from './ast.js';
import { PromqlError, PromqlLimitError, PromqlSyntaxError } from './errors.js';
import { SampleBudget, stepTime, type EvalContext } from './eval/context.js';
import { evaluate } from './eval/evaluate.js';
import { forEachWindow } from './eval/selector.js';
import type { StepSeries, Value } from './eval/values.js';
import { compareLabels, labelsToRecord, type Labels } from './labels.js';
import { parsePromql } from './parse.js';
import { DEFAULT_PROMQL_LIMITS, type PromqlLimits, type PromqlMetadataRequest, type PromqlRequest, type PromqlResult, type PromqlSeries } from './result.js';
import { StoreSeriesSource } from './source/store-source.js';
import { StatusCode } from '@sluice/pipeline-core';
import { typeName } from './check.js';
import { createExecContext } from '../exec/exec-context.js';

function topOrder(e: Expr): 'sort' | 'sort_desc' | 'keep' | 'labels' {
  let x = e;
  while (x.kind === 'paren') x = x.expr;
  if (x.kind === 'call' && (x.func === 'sort' || x.func === 'sort_desc')) return x.func;
  if (x.kind === 'aggregate' && (x.op === 'topk' || x.op === 'bottomk')) return 'keep';
  return 'labels';
}

function rangeSeries(series: readonly StepSeries[], ctx: EvalContext): PromqlSeries[] {
  const out: { labels: Labels; s: PromqlSeries }[] = [];
  for (const s of series) {
    const values: [number, number][] = [];
    for (let i = 0; i < ctx.steps; i++) if (s.has[i]) values.push([stepTime(ctx, i), s.values[i]!]);
    if (values.length > 0) out.push({ labels: s.labels, s: { metric: labelsToRecord(s.labels), values } });
  }
  return out.sort((a, b) => compareLabels(a.labels, b.labels)).map((x) => x.s);
}

function toResult(v: Value, e: Expr, req: PromqlRequest, ctx: EvalContext): PromqlResult {
  const t = req.startMs;
  if (!req.instant) {
    if (v.type === 'scalar') return { resultType: 'matrix', result: [{ metric: {}, values: Array.from(v.values, (x, i) => [stepTime(ctx, i), x] as const) }] };
    if (v.type === 'vector') return { resultType: 'matrix', result: rangeSeries(v.series, ctx) };
    throw new PromqlError(StatusCode.InvalidArguments, 'bad_data', `invalid expression type "${typeName(v.type)}" for range query, must be Scalar or instant Vector`);
  }
  switch (v.type) {
    case 'scalar': return { resultType: 'scalar', result: [t, v.values[0]!] };
    case 'string': return { resultType: 'string', result: [t, v.value] };
    case 'matrix': {
      const result: PromqlSeries[] = [];
      for (const s of [...v.series].sort((a, b) => compareLabels(a.labels, b.labels))) {
        forEachWindow(s, v, (_i, lo, hi) => {
          if (hi <= lo) return;
          const values: [number, number][] = [];
          for (let k = lo; k < hi; k++) values.push([s.ts[k]!, s.vs[k]!]);
          result.push({ metric: labelsToRecord(s.labels), values });
        });
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

/** Runs one PromQL query over the store (the engine behind /v1/promql, the Prometheus API and TQL). */
export async function runPromql(store: Store, req: PromqlRequest, limits: PromqlLimits = DEFAULT_PROMQL_LIMITS): Promise<PromqlResult> {
  const parsed = parsePromql(req.query);
  if (!req.instant && parsed.type !== 'scalar' && parsed.type !== 'vector') {
    throw new PromqlError(StatusCode.InvalidArguments, 'bad_data', `invalid expression type "${typeName(parsed.type)}" for range query, must be Scalar or instant Vector`);
  }
  if (req.endMs < req.startMs) throw new PromqlError(StatusCode.InvalidArguments, 'bad_data', 'end timestamp must not be before start time');
  if (!(req.stepMs > 0)) throw new PromqlError(StatusCode.InvalidArguments, 'bad_data', 'zero or negative query resolution step widths are not accepted. Try a positive integer');
  const exec = req.exec ?? createExecContext(req.signal ? { signal: req.signal } : {});
  const steps = req.instant ? 1 : Math.floor((req.endMs - req.startMs) / req.stepMs) + 1;
  if (!req.instant && (req.endMs - req.startMs) / req.stepMs > limits.maxPointsPerSeries) {
    throw new PromqlLimitError(`exceeded maximum resolution of ${limits.maxPointsPerSeries.toLocaleString('en-US')} points per timeseries. Try decreasing the query resolution (?step=XX)`, 'bad_data');
  }
  const ctx: EvalContext = {
    startMs: req.startMs,
    endMs: req.instant ? req.startMs : req.endMs,
    stepMs: req.stepMs,
    steps,
    queryStartMs: req.startMs,
    queryEndMs: req.endMs,
    lookbackMs: req.lookbackMs ?? limits.defaultLookbackMs,
    defaultSubqueryStepMs: limits.defaultSubqueryStepMs,
    source: new StoreSeriesSource(store, req.db || 'public'),
    signal: req.signal ?? req.exec?.signal,
    budget: new SampleBudget(limits.maxSamples, exec),
    exec,
  };
  try {
    const v = await evaluate(parsed.expr, ctx);
    return toResult(v, parsed.expr, req, ctx);
  } finally {
    if (req.exec === undefined) exec.close();
  }
}

/** `match[]` selectors as matcher lists; each must be a plain vector selector. */
export function parseMatchSelectors(match: readonly string[]): LabelMatcher[][] {
  return match.map((m) => {
    const { expr } = parsePromql(m);
    if (expr.kind !== 'vector_selector') throw new PromqlSyntaxError(undefined, `expected a vector selector in match[], got ${JSON.stringify(m)}`);
    return [...expr.matchers];
  });
}

export async function promqlSeries(store: Store, req: PromqlMetadataRequest): Promise<Record<string, string>[]> {
  const src = new StoreSeriesSource(store, req.db || 'public');
  const ls = await src.series(parseMatchSelectors(req.match), req.startMs, req.endMs, req.signal);
  return ls.sort(compareLabels).map(labelsToRecord);
}

export function promqlLabelNames(store: Store, req: PromqlMetadataRequest): Promise<string[]> {
  return new StoreSeriesSource(store, req.db || 'public').labelNames(parseMatchSelectors(req.match), req.startMs, req.endMs, req.signal);
}

export function promqlLabelValues(store: Store, name: string, req: PromqlMetadataRequest): Promise<string[]> {
  return new StoreSeriesSource(store, req.db || 'public').labelValues(name, parseMatchSelectors(req.match), req.startMs, req.endMs, req.signal);
}
