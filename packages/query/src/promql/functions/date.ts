import { defineFunction, type PromqlFunction } from './function.js';

/** Date functions read the value as Unix seconds (UTC); without an argument they use the evaluation time. */
const date = (name: string, fn: (d: Date) => number): PromqlFunction =>
  defineFunction({
    name, args: ['vector'], variadic: 1, returns: 'vector',
    impl: {
      kind: 'elementwise',
      fn: (v) => {
        if (!Number.isFinite(v)) return NaN;
        return fn(new Date(Math.trunc(v) * 1000));
      },
    },
  });

export const DATE_FUNCTIONS: readonly PromqlFunction[] = [
  date('day_of_month', (d) => d.getUTCDate()),
  date('day_of_week', (d) => d.getUTCDay()),
  date('day_of_year', (d) => Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1),
  date('days_in_month', (d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()),
  date('hour', (d) => d.getUTCHours()),
  date('minute', (d) => d.getUTCMinutes()),
  date('month', (d) => d.getUTCMonth() + 1),
  date('year', (d) => d.getUTCFullYear()),
];
