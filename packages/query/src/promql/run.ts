import type { Store } from '@sluice/storage';
import type { Expr, LabelMatcher } from './ast.js';
import { PromqlError, PromqlLimitError, PromqlSyntaxError } from './errors.js';
import { SampleBudget, type EvalContext } from './eval/context.js';
import { evaluate } from './eval/evaluate.js';
import { toResult } from './eval/to-result.js';
import { compareLabels, labelsToRecord } from './labels.js';
import { parsePromql } from './parse.js';
import { DEFAULT_PROMQL_LIMITS, type PromqlLimits, type PromqlMetadataRequest, type PromqlRequest, type PromqlResult } from './result.js';
import { StoreSeriesSource } from './source/store-source.js';
import { StatusCode } from '@sluice/pipeline-core';
import { typeName } from './check.js';
import { createExecContext } from '../exec/exec-context.js';

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
    return await toResult(v, parsed.expr, req.instant, ctx);
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
