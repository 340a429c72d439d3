import type { PromqlFunction } from './function.js';
import { absent, absent_over_time } from './absent.js';
import { DATE_FUNCTIONS } from './date.js';
import { delta, increase, rate } from './extrapolated-rate.js';
import { histogram_quantile } from './histogram_quantile.js';
import { double_exponential_smoothing, holt_winters } from './holt_winters.js';
import { idelta, irate } from './instant-rate.js';
import { label_join } from './label_join.js';
import { label_replace } from './label_replace.js';
import { MATH_FUNCTIONS } from './math.js';
import { histogram_count, histogram_fraction, histogram_sum } from './native-histogram.js';
import { pi, scalar, sort, sort_desc, time, vector } from './misc.js';
import * as overTime from './over-time.js';
import { deriv, predict_linear } from './regression.js';
import { timestamp } from './timestamp.js';

/** Every PromQL function by name: the one list the type checker, the evaluator and the docs read. */
export const FUNCTIONS: ReadonlyMap<string, PromqlFunction> = new Map(
  [
    rate, increase, delta, irate, idelta, deriv, predict_linear, holt_winters, double_exponential_smoothing,
    ...Object.values(overTime),
    ...MATH_FUNCTIONS, ...DATE_FUNCTIONS,
    histogram_quantile, histogram_count, histogram_sum, histogram_fraction, label_replace, label_join, absent, absent_over_time,
    time, pi, vector, scalar, sort, sort_desc, timestamp,
  ].map((f) => [f.name, f]),
);
