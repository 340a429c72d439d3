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

/**
 * Step arrays are carved from shared slabs: one ArrayBuffer per many series instead of two per series
 * (a backing store each, which V8 allocates and tracks at a cost near that of evaluating the series).
 * A slab lives while any series carved from it does.
 */
const SLAB_BYTES = 1 << 20;
let f64Slab = new Float64Array(0);
let f64At = 0;
let u8Slab = new Uint8Array(0);
let u8At = 0;

function takeF64(n: number): Float64Array {
  if (n * 8 > SLAB_BYTES >> 2) return new Float64Array(n);
  if (f64At + n > f64Slab.length) {
    f64Slab = new Float64Array(SLAB_BYTES / 8);
    f64At = 0;
  }
  const out = f64Slab.subarray(f64At, f64At + n);
  f64At += n;
  return out;
}

function takeU8(n: number): Uint8Array {
  if (n > SLAB_BYTES >> 2) return new Uint8Array(n);
  if (u8At + n > u8Slab.length) {
    u8Slab = new Uint8Array(SLAB_BYTES);
    u8At = 0;
  }
  const out = u8Slab.subarray(u8At, u8At + n);
  u8At += n;
  return out;
}

/** A series with no sample at any step (zeroed arrays). */
export function newStepSeries(labels: Labels, steps: number): StepSeries {
  return { labels, values: takeF64(steps), has: takeU8(steps) };
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
