import type { Labels } from '../labels.js';

/**
 * Values while evaluating over the steps of a query (an instant query has one step).
 * A series has one slot per step; `has[i]` says whether step i carries a sample.
 */
export interface StepSeries {
  readonly labels: Labels;
  readonly values: Float64Array;
  readonly has: Uint8Array;
}

/** Raw samples of one series, sorted by time (milliseconds). */
export interface RawSeries {
  readonly labels: Labels;
  readonly ts: Float64Array;
  readonly vs: Float64Array;
}

export interface ScalarValue {
  readonly type: 'scalar';
  /** One value per step. */
  readonly values: Float64Array;
}

export interface VectorValue {
  readonly type: 'vector';
  readonly series: readonly StepSeries[];
}

/** A range vector: raw samples, plus the end of the window each step looks at ([end - range, end]). */
export interface MatrixValue {
  readonly type: 'matrix';
  readonly series: readonly RawSeries[];
  readonly rangeMs: number;
  readonly windowEnds: Float64Array;
}

export interface StringValue {
  readonly type: 'string';
  readonly value: string;
}

export type Value = ScalarValue | VectorValue | MatrixValue | StringValue;

export function newStepSeries(labels: Labels, steps: number): StepSeries {
  return { labels, values: new Float64Array(steps), has: new Uint8Array(steps) };
}

/** Prometheus's staleness marker: a NaN with a distinct bit pattern. */
const STALE_HI = 0x7ff00000;
const STALE_LO = 0x00000002;
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function isStaleNaN(v: number): boolean {
  if (v === v) return false;
  f64[0] = v;
  return LITTLE ? u32[1] === STALE_HI && u32[0] === STALE_LO : u32[0] === STALE_HI && u32[1] === STALE_LO;
}

export function staleNaN(): number {
  if (LITTLE) {
    u32[1] = STALE_HI;
    u32[0] = STALE_LO;
  } else {
    u32[0] = STALE_HI;
    u32[1] = STALE_LO;
  }
  return f64[0]!;
}
