import { mapRows } from '../expr/compiled.js';
import { SqlExecutionError } from '../errors.js';
import { countHll, decodeHll } from '../sketch/hll.js';
import { decodeSketch, quantile } from '../sketch/uddsketch.js';
import { expectNumeric, type ScalarFunction } from './function.js';

/** Readers of the sketch states the `hll` and `uddsketch_state` aggregates build (aggregates/sketch.ts). */
export const SKETCH_FUNCTIONS: readonly ScalarFunction[] = [
  {
    name: 'hll_count', signature: 'hll_count(state)', minArgs: 1, maxArgs: 1,
    bind: ([s]) =>
      mapRows('uint64', [s!], (v) => {
        const regs = v instanceof Uint8Array ? decodeHll(v) : undefined;
        if (!regs) throw new SqlExecutionError('Execution error: hll_count: the value is not an HLL state (made by hll())');
        return countHll(regs);
      }),
  },
  {
    name: 'uddsketch_calc', signature: 'uddsketch_calc(quantile, state)', minArgs: 2, maxArgs: 2,
    bind: ([q, s]) => {
      expectNumeric('uddsketch_calc', q!.type, 'quantile');
      return mapRows('float64', [q!, s!], (p, v) => {
        const x = Number(p);
        if (!(x >= 0 && x <= 1)) throw new SqlExecutionError(`Execution error: uddsketch_calc: the quantile must be between 0 and 1, got ${x}`);
        const sk = v instanceof Uint8Array ? decodeSketch(v) : undefined;
        if (!sk) throw new SqlExecutionError('Execution error: uddsketch_calc: the value is not a UDDSketch state (made by uddsketch_state())');
        return quantile(sk, x);
      });
    },
  },
];
