import { Decimal, decimalParts, decimalType, divRound, MAX_DECIMAL_PRECISION } from '../types/decimal.js';
import { isIntType, isNumericType, type SqlType, type SqlValue } from '../types/sql-value.js';
import { compareValues } from '../types/compare.js';
import { aggError, type AggregateFunction, type BoundAggregate } from './aggregate.js';

function numeric(fn: string, t: SqlType): void {
  if (!isNumericType(t) && t !== 'null') throw aggError(fn, `argument must be numeric, got ${t}`);
}

/** Grows a flat per-group array to hold group `g`. */
function ensure(a: number[], g: number, fill: number): void {
  while (a.length <= g) a.push(fill);
}

const count: AggregateFunction = {
  name: 'count', signature: 'count(*) | count() | count(x) | count(DISTINCT x)', minArgs: 0, maxArgs: 1,
  bind: () => ({
    type: 'int64',
    create: () => {
      let n = 0;
      return { add: (v) => void (v !== null && n++), result: () => n };
    },
    grouped: () => {
      const counts: number[] = [];
      return {
        update(gids, vec, n) {
          if (gids === undefined) {
            ensure(counts, 0, 0);
            if (vec === undefined) counts[0]! += n;
            else for (let i = 0; i < n; i++) if (vec[i] !== null) counts[0]!++;
            return;
          }
          for (let i = 0; i < n; i++) {
            const g = gids[i]!;
            if (g >= counts.length) ensure(counts, g, 0);
            if (vec === undefined || vec[i] !== null) counts[g]!++;
          }
        },
        results: (groups) => Array.from({ length: groups }, (_, g) => counts[g] ?? 0),
      };
    },
  }),
};

/** Float sums and counts per group (sum and avg of non-integer types). */
function floatSums(finish: (sum: number, n: number) => SqlValue) {
  return () => {
    const sums: number[] = [];
    const ns: number[] = [];
    return {
      update(gids: Int32Array | undefined, vec: readonly SqlValue[] | undefined, n: number) {
        for (let i = 0; i < n; i++) {
          const v = vec![i]!;
          if (v === null) continue;
          const g = gids === undefined ? 0 : gids[i]!;
          if (g >= sums.length) {
            ensure(sums, g, 0);
            ensure(ns, g, 0);
          }
          sums[g]! += Number(v);
          ns[g]!++;
        }
      },
      results: (groups: number) => Array.from({ length: groups }, (_, g) => finish(sums[g] ?? 0, ns[g] ?? 0)),
    };
  };
}

/** Exact sum (or average) of decimals: DataFusion's sum is Decimal128(p + 10, s), avg Decimal128(p + 4, s + 4) (p capped at 38). */
function decimalSum(precision: number, scale: number, average: boolean): BoundAggregate {
  const s = Math.min(scale, MAX_DECIMAL_PRECISION);
  return {
    type: decimalType(precision, s),
    create: () => {
      let total = 0n;
      let inScale = 0;
      let n = 0;
      return {
        add: (v) => {
          if (v === null) return;
          const d = v as Decimal;
          inScale = d.scale;
          total += d.unscaled;
          n++;
        },
        result: () => {
          if (n === 0) return null;
          const sum = new Decimal(total, inScale);
          if (!average) return sum.rescale(s);
          const shift = s - inScale;
          return new Decimal(divRound(total * 10n ** BigInt(shift), BigInt(n)), s);
        },
      };
    },
  };
}

const sum: AggregateFunction = {
  name: 'sum', signature: 'sum(x)', minArgs: 1, maxArgs: 1,
  bind: (t) => {
    numeric('sum', t);
    const dec = decimalParts(t);
    if (dec) return decimalSum(dec.precision + 10, dec.scale, false);
    if (isIntType(t)) {
      return {
        type: 'int64',
        create: () => {
          let s = 0;
          let big: bigint | undefined;
          let seen = false;
          return {
            add: (v) => {
              if (v === null) return;
              seen = true;
              if (big === undefined && typeof v === 'number') {
                s += v;
                if (!Number.isSafeInteger(s)) big = BigInt(s - v) + BigInt(v);
              } else big = (big ?? BigInt(s)) + BigInt(v as number);
            },
            result: () => (!seen ? null : big === undefined ? s : big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big),
          };
        },
      };
    }
    return {
      type: 'float64',
      create: () => {
        let s = 0;
        let seen = false;
        return { add: (v) => void (v !== null && ((s += Number(v)), (seen = true))), result: () => (seen ? s : null) };
      },
      grouped: floatSums((sum, n) => (n === 0 ? null : sum)),
    };
  },
};

const avg: AggregateFunction = {
  name: 'avg', signature: 'avg(x)', minArgs: 1, maxArgs: 1,
  bind: (t) => {
    numeric('avg', t);
    const dec = decimalParts(t);
    if (dec) return decimalSum(dec.precision + 4, dec.scale + 4, true);
    return {
      type: 'float64',
      create: () => {
        let s = 0;
        let n = 0;
        return { add: (v) => void (v !== null && ((s += Number(v)), n++)), result: () => (n === 0 ? null : s / n) };
      },
      grouped: floatSums((sum, n) => (n === 0 ? null : sum / n)),
    };
  },
};

function extreme(name: string, sign: number): AggregateFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: (t) => ({
      type: t,
      create: () => {
        let best: SqlValue = null;
        return {
          add: (v) => {
            if (v === null) return;
            if (best === null) best = v;
            else if (typeof v === 'number' && typeof best === 'number' && v === v && best === best) { // eslint-disable-line no-self-compare
              if (sign > 0 ? v > best : v < best) best = v;
            } else if (sign * compareValues(v, best) > 0) best = v;
          },
          result: () => best,
        };
      },
    }),
  };
}

function positional(name: string, which: 'first' | 'last'): AggregateFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: (t) => ({
      type: t,
      create: () => {
        let v0: SqlValue = null;
        let seen = false;
        return {
          add: (v) => {
            if (which === 'last' || !seen) v0 = v;
            seen = true;
          },
          result: () => v0,
        };
      },
    }),
  };
}

export const BASIC_AGGREGATES: readonly AggregateFunction[] = [
  count, sum, avg, { ...avg, name: 'mean', signature: 'mean(x)' },
  extreme('max', 1), extreme('min', -1),
  positional('first_value', 'first'), positional('last_value', 'last'),
];
