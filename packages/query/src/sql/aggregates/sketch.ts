import { SqlExecutionError } from '../errors.js';
import { addHll, decodeHll, encodeHll, mergeHll, newHll } from '../sketch/hll.js';
import { addValue, decodeSketch, encodeSketch, MAX_SKETCH_BUCKETS, mergeSketch, newSketch } from '../sketch/uddsketch.js';
import { isNumericType, type SqlValue } from '../types/sql-value.js';
import { aggError, type AggregateFunction } from './aggregate.js';

/**
 * Sketch aggregates as GreptimeDB has them: `hll(x)` / `hll_merge(state)` build HyperLogLog states
 * (read by `hll_count`), `uddsketch_state(buckets, error, x)` / `uddsketch_merge(buckets, error, state)`
 * build UDDSketch states (read by `uddsketch_calc`). States are Binary values that can be stored and
 * merged later; their size is bounded (16 KiB for HLL, `buckets` ≤ 65,536 for UDDSketch).
 */

const hllText = (v: SqlValue): string => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : String(v));

const hll: AggregateFunction = {
  name: 'hll', signature: 'hll(x)', minArgs: 1, maxArgs: 1,
  bind: () => ({
    type: 'binary',
    create: () => {
      const regs = newHll();
      return { add: (v) => void (v !== null && addHll(regs, hllText(v))), result: () => encodeHll(regs) };
    },
  }),
};

const hllMerge: AggregateFunction = {
  name: 'hll_merge', signature: 'hll_merge(state)', minArgs: 1, maxArgs: 1,
  bind: () => ({
    type: 'binary',
    create: () => {
      const regs = newHll();
      return {
        add: (v) => {
          if (v === null) return;
          const other = v instanceof Uint8Array ? decodeHll(v) : undefined;
          if (!other) throw new SqlExecutionError('Execution error: hll_merge: the value is not an HLL state (made by hll())');
          mergeHll(regs, other);
        },
        result: () => encodeHll(regs),
      };
    },
  }),
};

function sketchParams(fn: string, extra: readonly SqlValue[]): { buckets: number; error: number } {
  const buckets = Number(extra[0]);
  const error = Number(extra[1]);
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > MAX_SKETCH_BUCKETS) throw aggError(fn, `the bucket count must be an integer from 1 to ${MAX_SKETCH_BUCKETS}, got ${String(extra[0])}`);
  if (!(error > 0 && error < 1)) throw aggError(fn, `the error rate must be between 0 and 1, got ${String(extra[1])}`);
  return { buckets, error };
}

const uddsketchState: AggregateFunction = {
  name: 'uddsketch_state', signature: 'uddsketch_state(buckets, error_rate, x)', minArgs: 3, maxArgs: 3, valueArg: 'last',
  bind: (t, extra) => {
    if (!isNumericType(t) && t !== 'null') throw aggError('uddsketch_state', `the value must be numeric, got ${t}`);
    const { buckets, error } = sketchParams('uddsketch_state', extra);
    return {
      type: 'binary',
      create: () => {
        const s = newSketch(buckets, error);
        return { add: (v) => void (v !== null && addValue(s, Number(v))), result: () => encodeSketch(s) };
      },
    };
  },
};

const uddsketchMerge: AggregateFunction = {
  name: 'uddsketch_merge', signature: 'uddsketch_merge(buckets, error_rate, state)', minArgs: 3, maxArgs: 3, valueArg: 'last',
  bind: (_t, extra) => {
    const { buckets, error } = sketchParams('uddsketch_merge', extra);
    return {
      type: 'binary',
      create: () => {
        const s = newSketch(buckets, error);
        return {
          add: (v) => {
            if (v === null) return;
            const o = v instanceof Uint8Array ? decodeSketch(v) : undefined;
            if (!o) throw new SqlExecutionError('Execution error: uddsketch_merge: the value is not a UDDSketch state (made by uddsketch_state())');
            if (o.maxBuckets !== buckets || o.initialError !== error) {
              throw new SqlExecutionError(`Error during planning: Merging UDDSketch with different parameters: arguments=(${buckets}, ${error}) vs actual input=(${o.maxBuckets}, ${o.initialError})`);
            }
            mergeSketch(s, o);
          },
          result: () => encodeSketch(s),
        };
      },
    };
  },
};

export const SKETCH_AGGREGATES: readonly AggregateFunction[] = [hll, hllMerge, uddsketchState, uddsketchMerge];
