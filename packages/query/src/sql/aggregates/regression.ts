import type { SqlValue } from '../types/sql-value.js';
import type { AggregateFunction } from './aggregate.js';

/** Running sums over (y, x) pairs: what corr, covar_* and regr_* are computed from. */
interface Sums {
  n: number;
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
  /** Welford's running means and co-moments of (first argument a, second b), as DataFusion's corr keeps them. */
  ma: number;
  mb: number;
  cab: number;
  m2a: number;
  m2b: number;
}

function pairwise(name: string, f: (s: Sums) => number | null): AggregateFunction {
  return {
    name, signature: `${name}(y, x)`, minArgs: 2, maxArgs: 2, pairwise: true,
    bind: () => ({
      type: name === 'regr_count' ? 'uint64' : 'float64',
      create: () => {
        const s: Sums = { n: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0, ma: 0, mb: 0, cab: 0, m2a: 0, m2b: 0 };
        return {
          add: (v: SqlValue) => {
            if (v === null) return;
            const [y, x] = v as unknown as [number, number];
            s.n++;
            s.sx += x;
            s.sy += y;
            s.sxx += x * x;
            s.syy += y * y;
            s.sxy += x * y;
            // Welford updates in DataFusion's order (its covariance and two variance accumulators).
            const da = y - s.ma;
            const ma = da / s.n + s.ma;
            const db = x - s.mb;
            const mb = db / s.n + s.mb;
            s.cab += da * (x - mb);
            s.m2a += da * (y - ma);
            s.m2b += db * (x - mb);
            s.ma = ma;
            s.mb = mb;
          },
          result: () => f(s),
        };
      },
    }),
  };
}

const covar = (s: Sums) => s.sxy - (s.sx * s.sy) / s.n;
const varX = (s: Sums) => s.sxx - (s.sx * s.sx) / s.n;
const varY = (s: Sums) => s.syy - (s.sy * s.sy) / s.n;

export const REGRESSION_AGGREGATES: readonly AggregateFunction[] = [
  // Covariances from the Welford co-moment, as DataFusion computes them (its rounding: 79.99999999999999, not 80).
  pairwise('covar_pop', (s) => (s.n === 0 ? null : s.cab / s.n)),
  pairwise('covar_samp', (s) => (s.n < 2 ? null : s.cab / (s.n - 1))),
  pairwise('covar', (s) => (s.n < 2 ? null : s.cab / (s.n - 1))),
  // DataFusion: population covariance / population stddev(a) / stddev(b), from Welford's updates (the digits
  // GreptimeDB prints, e.g. 0.9999999999999999 for a perfectly linear pair).
  pairwise('corr', (s) => (s.n < 2 || s.m2a === 0 || s.m2b === 0 ? null : s.cab / s.n / Math.sqrt(s.m2a / s.n) / Math.sqrt(s.m2b / s.n))),
  pairwise('regr_count', (s) => s.n),
  pairwise('regr_slope', (s) => (s.n < 2 || varX(s) === 0 ? null : covar(s) / varX(s))),
  pairwise('regr_intercept', (s) => (s.n < 2 || varX(s) === 0 ? null : (s.sy - (covar(s) / varX(s)) * s.sx) / s.n)),
  pairwise('regr_r2', (s) => {
    if (s.n < 2 || varX(s) === 0) return null;
    if (varY(s) === 0) return 1;
    return (covar(s) * covar(s)) / (varX(s) * varY(s));
  }),
  pairwise('regr_avgx', (s) => (s.n === 0 ? null : s.sx / s.n)),
  pairwise('regr_avgy', (s) => (s.n === 0 ? null : s.sy / s.n)),
  pairwise('regr_sxx', (s) => (s.n === 0 ? null : varX(s))),
  pairwise('regr_syy', (s) => (s.n === 0 ? null : varY(s))),
  pairwise('regr_sxy', (s) => (s.n === 0 ? null : covar(s))),
];
