import { PromqlExecutionError } from '../errors.js';
import { defineFunction, type PromqlFunction, type Window } from './function.js';

/**
 * Double exponential smoothing of the window's samples with smoothing factor `sf` and trend factor
 * `tf` (both strictly between 0 and 1), as Prometheus 2's `holt_winters` (renamed
 * `double_exponential_smoothing` in Prometheus 3): no output for fewer than two samples.
 */
function smooth(w: Window): number | undefined {
  const sf = w.scalars[0]!;
  const tf = w.scalars[1]!;
  if (!(sf > 0 && sf < 1)) throw new PromqlExecutionError(`invalid smoothing factor. Expected: 0 < sf < 1, got: ${sf}`);
  if (!(tf > 0 && tf < 1)) throw new PromqlExecutionError(`invalid trend factor. Expected: 0 < tf < 1, got: ${tf}`);
  const { vs, lo, hi } = w;
  if (hi - lo < 2) return undefined;
  let s0 = 0;
  let s1 = vs[lo]!;
  let b = vs[lo + 1]! - vs[lo]!;
  for (let i = lo + 1; i < hi; i++) {
    const x = sf * vs[i]!;
    // The trend at the first step is the initial difference; later ones are smoothed.
    if (i > lo + 1) b = tf * (s1 - s0) + (1 - tf) * b;
    const y = (1 - sf) * (s1 + b);
    s0 = s1;
    s1 = x + y;
  }
  return s1;
}

const define = (name: string): PromqlFunction =>
  defineFunction({ name, args: ['matrix', 'scalar', 'scalar'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: smooth } });

export const holt_winters = define('holt_winters');
export const double_exponential_smoothing = define('double_exponential_smoothing');
