import { stepTime } from '../eval/context.js';
import { dropMetricName } from '../labels.js';
import type { VectorValue } from '../eval/values.js';
import { defineFunction } from './function.js';

/**
 * `timestamp(v)`: the evaluation time of each element; for a vector selector argument the evaluator
 * passes the samples' own timestamps instead (eval/call.ts), as Prometheus does.
 */
export const timestamp = defineFunction({
  name: 'timestamp', args: ['vector'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: (args, _call, ctx): VectorValue => {
      const v = args[0] as VectorValue;
      return {
        type: 'vector',
        series: v.series.map((s) => {
          const values = new Float64Array(ctx.steps);
          for (let i = 0; i < ctx.steps; i++) values[i] = stepTime(ctx, i) / 1000;
          return { labels: dropMetricName(s.labels), values, has: s.has };
        }),
      };
    },
  },
});
