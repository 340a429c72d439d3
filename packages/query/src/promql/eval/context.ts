import type { AtModifier } from '../ast.js';
import { PromqlLimitError } from '../errors.js';
import type { SeriesSource } from '../source/series-source.js';
import type { ExecContext } from '../../exec/exec-context.js';
import { QueryBudgetError } from '../../exec/errors.js';
import { throwIfAborted } from '../errors.js';

/** Everything one evaluation needs: the steps, the source, the limits. Subqueries derive a child context. */
export interface EvalContext {
  readonly startMs: number;
  readonly endMs: number;
  readonly stepMs: number;
  /** Number of steps: floor((end - start) / step) + 1. */
  readonly steps: number;
  /** The query's own start and end, for `@ start()` / `@ end()` inside subqueries. */
  readonly queryStartMs: number;
  readonly queryEndMs: number;
  readonly lookbackMs: number;
  /** Step of a subquery written without one (Prometheus's default evaluation interval). */
  readonly defaultSubqueryStepMs: number;
  readonly source: SeriesSource;
  readonly signal: AbortSignal | undefined;
  readonly budget: SampleBudget;
  /** The request's execution context, as SQL's: deadline and cancellation, time slices, memory budget and shared pool. */
  readonly exec?: ExecContext;
}

/**
 * Between pieces of work: yields to the event loop once the request used its time slice (so
 * `/health` and other requests are served and the deadline timer can fire), then stops a cancelled
 * or timed-out query with PromQL's own error.
 */
export async function checkpoint(ctx: EvalContext): Promise<void> {
  if (ctx.exec !== undefined) {
    try {
      await ctx.exec.checkpoint();
    } catch (e) {
      throwIfAborted(ctx.signal ?? ctx.exec.signal);
      throw e;
    }
  }
  throwIfAborted(ctx.signal);
}

/** Counts samples held in memory; Prometheus's `--query.max-samples`. */
export class SampleBudget {
  private used = 0;
  /** With `exec`, samples (16 bytes each) count toward the query's memory budget and the server's shared pool too. */
  constructor(
    readonly max: number,
    private readonly exec?: ExecContext,
  ) {}
  take(n: number): void {
    this.used += n;
    if (this.used > this.max) throw new PromqlLimitError('query processing would load too many samples into memory in query execution');
    if (this.exec !== undefined && n > 0) {
      try {
        this.exec.hold(n * 16, 'PromQL samples');
      } catch (e) {
        if (e instanceof QueryBudgetError) throw new PromqlLimitError(e.message);
        throw e;
      }
    }
  }
  get count(): number {
    return this.used;
  }
}

export function stepTime(ctx: EvalContext, i: number): number {
  return ctx.startMs + i * ctx.stepMs;
}

export function atTime(ctx: EvalContext, at: AtModifier): number {
  return at.kind === 'time' ? at.ms : at.kind === 'start' ? ctx.queryStartMs : ctx.queryEndMs;
}

/** The time each step reads at: the `@` time or the step time, minus the offset. */
export function referenceTimes(ctx: EvalContext, at: AtModifier | undefined, offsetMs: number): Float64Array {
  const out = new Float64Array(ctx.steps);
  const fixed = at ? atTime(ctx, at) : undefined;
  for (let i = 0; i < ctx.steps; i++) out[i] = (fixed ?? stepTime(ctx, i)) - offsetMs;
  return out;
}

export function childContext(ctx: EvalContext, startMs: number, endMs: number, stepMs: number): EvalContext {
  return { ...ctx, startMs, endMs, stepMs, steps: endMs < startMs ? 0 : Math.floor((endMs - startMs) / stepMs) + 1 };
}
