import type { ExecContext } from '../exec/exec-context.js';

/** A PromQL query's result, shaped as the Prometheus HTTP API returns it (times in ms, labels as records). */
export type PromqlResult =
  | { readonly resultType: 'matrix'; readonly result: readonly PromqlSeries[] }
  | { readonly resultType: 'vector'; readonly result: readonly PromqlSample[] }
  | { readonly resultType: 'scalar'; readonly result: readonly [number, number] }
  | { readonly resultType: 'string'; readonly result: readonly [number, string] };

/** One series of a matrix, columnar: no object per point (a range query may return millions). */
export interface PromqlSeries {
  readonly metric: Readonly<Record<string, string>>;
  /** Sample times (ms), oldest first. */
  readonly times: Float64Array;
  /** The value at each time (bit for bit: NaN payloads kept). */
  readonly values: Float64Array;
}

export interface PromqlSample {
  readonly metric: Readonly<Record<string, string>>;
  readonly value: readonly [number, number];
}

export interface PromqlRequest {
  readonly query: string;
  /** Instant queries have start === end. */
  readonly startMs: number;
  readonly endMs: number;
  readonly stepMs: number;
  /** True for /query (an instant query may return a range vector), false for /query_range. */
  readonly instant: boolean;
  /** Database used by selectors without `__database__`; default `public`. */
  readonly db?: string;
  /** Lookback delta (default 5 minutes). */
  readonly lookbackMs?: number;
  readonly signal?: AbortSignal;
  /** The execution context to run under (TQL passes its SQL statement's); absent: one from `signal` with default budgets. */
  readonly exec?: ExecContext;
}

export interface PromqlMetadataRequest {
  /** `match[]` selectors (none: every metric). */
  readonly match: readonly string[];
  readonly startMs: number;
  readonly endMs: number;
  readonly db?: string;
  readonly signal?: AbortSignal;
}

/** Bounds on one query's work (Prometheus's defaults). */
export interface PromqlLimits {
  readonly maxSamples: number;
  readonly maxPointsPerSeries: number;
  readonly defaultLookbackMs: number;
  readonly defaultSubqueryStepMs: number;
}

export const DEFAULT_PROMQL_LIMITS: PromqlLimits = {
  maxSamples: 50_000_000,
  maxPointsPerSeries: 11_000,
  defaultLookbackMs: 5 * 60_000,
  defaultSubqueryStepMs: 60_000,
};
