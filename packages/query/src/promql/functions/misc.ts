import { stepTime } from '../eval/context.js';
import { newStepSeries, type ScalarValue, type VectorValue } from '../eval/values.js';
import { defineFunction } from './function.js';

export const time = defineFunction({
  name: 'time', args: [], variadic: 0, returns: 'scalar',
  impl: {
    kind: 'custom',
    eval: (_a, _c, ctx): ScalarValue => {
      const values = new Float64Array(ctx.steps);
      for (let i = 0; i < ctx.steps; i++) values[i] = stepTime(ctx, i) / 1000;
      return { type: 'scalar', values };
    },
  },
});

export const pi = defineFunction({
  name: 'pi', args: [], variadic: 0, returns: 'scalar',
  impl: { kind: 'custom', eval: (_a, _c, ctx): ScalarValue => ({ type: 'scalar', values: new Float64Array(ctx.steps).fill(Math.PI) }) },
});

export const vector = defineFunction({
  name: 'vector', args: ['scalar'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: (args, _c, ctx): VectorValue => {
      const s = newStepSeries([], ctx.steps);
      s.values.set((args[0] as ScalarValue).values);
      s.has.fill(1);
      return { type: 'vector', series: ctx.steps > 0 ? [s] : [] };
    },
  },
});

export const scalar = defineFunction({
  name: 'scalar', args: ['vector'], variadic: 0, returns: 'scalar',
  impl: {
    kind: 'custom',
    eval: (args, _c, ctx): ScalarValue => {
      const v = args[0] as VectorValue;
      const values = new Float64Array(ctx.steps);
      for (let i = 0; i < ctx.steps; i++) {
        let n = 0;
        let last = NaN;
        for (const s of v.series) if (s.has[i]) {
          n++;
          last = s.values[i]!;
        }
        values[i] = n === 1 ? last : NaN;
      }
      return { type: 'scalar', values };
    },
  },
});

/** Sorting only orders an instant query's result; the evaluator applies it at the top (see eval/order.ts). */
const sorter = (name: string) =>
  defineFunction({ name, args: ['vector'], variadic: 0, returns: 'vector', impl: { kind: 'custom', eval: (args) => args[0]! } });
export const sort = sorter('sort');
export const sort_desc = sorter('sort_desc');
