import type { Call, ValueType } from '../ast.js';
import type { EvalContext } from '../eval/context.js';
import type { Value } from '../eval/values.js';

/** What a range function sees of one step's window: samples [lo, hi) of `ts`/`vs`, never empty. */
export interface Window {
  readonly ts: Float64Array;
  readonly vs: Float64Array;
  readonly lo: number;
  readonly hi: number;
  /** End of the window (the reference time) and its length, in ms. */
  readonly end: number;
  readonly rangeMs: number;
  /** The step's evaluation time (ms), before any offset. */
  readonly t: number;
  /** Values of the scalar arguments at this step, in argument order (the matrix argument skipped). */
  readonly scalars: readonly number[];
}

/**
 * Optional fast path of a range function without scalar arguments: steps [from, to) of one series in
 * one forward pass (`cur` carries the window bounds between calls), the same values `fn` gives per
 * step written into `values`/`has` (left untouched where `fn` gives undefined). True when it wrote one.
 */
export type RunSteps = (ts: Float64Array, vs: Float64Array, ends: Float64Array, rangeMs: number, from: number, to: number, cur: RunCursor, values: Float64Array, has: Uint8Array) => boolean;

/** Where a RunSteps pass stands in its series: window [lo, hi) of the last end seen, and the newest counter reset before hi (-1: none). */
export interface RunCursor {
  lo: number;
  hi: number;
  prevEnd: number;
  lastReset: number;
}

export type FunctionImpl =
  /** One value per series and step from the samples in the window (undefined: no output). */
  | { readonly kind: 'range'; readonly keepName?: boolean; readonly fn: (w: Window) => number | undefined; readonly run?: RunSteps }
  /** Element by element over the vector argument; `scalars` are the other arguments at this step, `t` the step time (ms). */
  | { readonly kind: 'elementwise'; readonly keepName?: boolean; readonly fn: (v: number, scalars: readonly number[], t: number) => number | undefined }
  /** Anything else; arguments arrive evaluated. A long evaluation returns a promise and awaits `checkpoint(ctx)` between pieces of work. */
  | { readonly kind: 'custom'; readonly eval: (args: readonly Value[], call: Call, ctx: EvalContext) => Value | Promise<Value> };

/** One PromQL function: its signature (as Prometheus declares it) and its implementation. */
export interface PromqlFunction {
  readonly name: string;
  readonly args: readonly ValueType[];
  /** 0: fixed arity; n > 0: up to n trailing arguments optional; -1: the last argument repeats. */
  readonly variadic: number;
  readonly returns: ValueType;
  readonly impl: FunctionImpl;
}

export function defineFunction(f: PromqlFunction): PromqlFunction {
  return f;
}

export function kahanSumInc(inc: number, sum: number, c: number): [number, number] {
  const t = sum + inc;
  if (Math.abs(sum) >= Math.abs(inc)) c += sum - t + inc;
  else c += inc - t + sum;
  return [t, c];
}
