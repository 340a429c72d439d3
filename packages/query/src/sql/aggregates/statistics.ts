import { isIntType, isNumericType, type SqlType } from '../types/sql-value.js';
import { aggError, type AggregateFunction } from './aggregate.js';

function numeric(fn: string, t: SqlType): void {
  if (!isNumericType(t) && t !== 'null') throw aggError(fn, `argument must be numeric, got ${t}`);
}

/** Exact percentile with linear interpolation between closest ranks (what approx_percentile_cont approximates). */
function percentileFn(name: string, fixed?: number, keepType = false): AggregateFunction {
  return {
    name, signature: fixed === undefined ? `${name}(x, p)` : `${name}(x)`, minArgs: 1, maxArgs: fixed === undefined ? 2 : 1,
    bind: (t, extra) => {
      numeric(name, t);
      const p = fixed ?? Number(extra[0]);
      if (extra[0] === undefined && fixed === undefined) throw aggError(name, 'needs a percentile between 0 and 1 as second argument');
      if (!(p >= 0 && p <= 1)) throw aggError(name, `percentile must be between 0 and 1, got ${String(extra[0])}`);
      // median / approx_* answer in the input's type, as DataFusion does: integers truncate (median(4, 5) = 4).
      const integral = keepType && isIntType(t);
      return {
        type: integral ? t : 'float64',
        create: () => {
          const xs: number[] = [];
          return {
            add: (v) => void (v !== null && xs.push(Number(v))),
            result: () => {
              if (xs.length === 0) return null;
              xs.sort((a, b) => a - b);
              const rank = p * (xs.length - 1);
              const lo = Math.floor(rank);
              const hi = Math.ceil(rank);
              const x = xs[lo]! + (xs[hi]! - xs[lo]!) * (rank - lo);
              return integral ? Math.trunc(x) : x;
            },
          };
        },
      };
    },
  };
}

/**
 * `approx_percentile_cont_with_weight(x, w, p)` (written `(w, p) WITHIN GROUP (ORDER BY x)`): DataFusion's
 * t-digest estimate with every (x, w) its own centroid, the rows being too few for it to compress: the
 * centroid holding rank p × Σw, moved within half the gap to its neighbours by where the rank falls in it.
 */
const weightedPercentile: AggregateFunction = {
  name: 'approx_percentile_cont_with_weight', signature: 'approx_percentile_cont_with_weight(x, weight, p)', minArgs: 3, maxArgs: 3, pairwise: true,
  bind: (t, extra) => {
    const name = 'approx_percentile_cont_with_weight';
    numeric(name, t);
    const q = Number(extra[0]);
    if (!(q >= 0 && q <= 1)) throw aggError(name, `percentile must be between 0 and 1, got ${String(extra[0])}`);
    const integral = isIntType(t);
    return {
      type: integral ? t : 'float64',
      create: () => {
        const cs: [number, number][] = [];
        return {
          add: (v) => void (v !== null && cs.push(v as unknown as [number, number])),
          result: () => {
            if (cs.length === 0) return null;
            cs.sort((a, b) => a[0] - b[0]);
            const x = estimate(cs, q);
            return integral ? Math.trunc(x) : x;
          },
        };
      },
    };
  },
};

function estimate(cs: readonly [number, number][], q: number): number {
  const first = cs[0]![0];
  const last = cs[cs.length - 1]![0];
  if (q <= 0) return first;
  if (q >= 1) return last;
  const count = cs.reduce((n, c) => n + c[1], 0);
  const rank = q * count;
  let pos = cs.length - 1;
  let t = 0;
  if (q > 0.5) {
    t = count;
    pos = 0;
    for (let k = cs.length - 1; k >= 0; k--) {
      t -= cs[k]![1];
      if (rank >= t) {
        pos = k;
        break;
      }
    }
  } else {
    for (let k = 0; k < cs.length; k++) {
      if (rank < t + cs[k]![1]) {
        pos = k;
        break;
      }
      t += cs[k]![1];
    }
  }
  const mean = (k: number) => cs[k]![0];
  let [delta, min, max] = [0, first, last];
  if (cs.length > 1) {
    if (pos === 0) [delta, max] = [mean(1) - mean(0), mean(1)];
    else if (pos === cs.length - 1) [delta, min] = [mean(pos) - mean(pos - 1), mean(pos - 1)];
    else [delta, min, max] = [(mean(pos + 1) - mean(pos - 1)) / 2, mean(pos - 1), mean(pos + 1)];
  }
  const value = mean(pos) + ((rank - t) / cs[pos]![1] - 0.5) * delta;
  return Math.min(Math.max(value, min), max);
}

/** Welford's online variance; `sample` divides by n-1. */
function varianceFn(name: string, sample: boolean, sqrt: boolean): AggregateFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: (t) => {
      numeric(name, t);
      return {
        type: 'float64',
        create: () => {
          let n = 0;
          let mean = 0;
          let m2 = 0;
          return {
            add: (v) => {
              if (v === null) return;
              const x = Number(v);
              n++;
              const d = x - mean;
              mean += d / n;
              m2 += d * (x - mean);
            },
            result: () => {
              const denom = sample ? n - 1 : n;
              if (denom <= 0) return null;
              const variance = m2 / denom;
              return sqrt ? Math.sqrt(variance) : variance;
            },
          };
        },
      };
    },
  };
}

export const STATISTICS_AGGREGATES: readonly AggregateFunction[] = [
  percentileFn('approx_percentile_cont', undefined, true),
  weightedPercentile,
  percentileFn('percentile'),
  percentileFn('percentile_cont'),
  percentileFn('median', 0.5, true),
  percentileFn('approx_median', 0.5, true),
  varianceFn('stddev', true, true),
  varianceFn('stddev_samp', true, true),
  varianceFn('stddev_pop', false, true),
  varianceFn('variance', true, false),
  varianceFn('var_samp', true, false),
  varianceFn('var_pop', false, false),
];
