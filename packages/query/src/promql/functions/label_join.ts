import { PromqlExecutionError } from '../errors.js';
import { getLabel, setLabel } from '../labels.js';
import { mergeSameLabels, withLabels } from '../eval/merge.js';
import type { StringValue, VectorValue } from '../eval/values.js';
import { defineFunction } from './function.js';
import { LABEL_NAME_RE } from './label_replace.js';

export const label_join = defineFunction({
  name: 'label_join', args: ['vector', 'string', 'string', 'string'], variadic: -1, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: (args, _call, ctx) => {
      const v = args[0] as VectorValue;
      const [dst, sep, ...srcs] = args.slice(1).map((a) => (a as StringValue).value) as [string, string, ...string[]];
      if (!LABEL_NAME_RE.test(dst)) throw new PromqlExecutionError(`invalid destination label name in label_join(): ${dst}`);
      for (const s of srcs) if (!LABEL_NAME_RE.test(s)) throw new PromqlExecutionError(`invalid source label name in label_join(): ${s}`);
      const out = v.series.map((s) => withLabels(s, setLabel(s.labels, dst, srcs.map((n) => getLabel(s.labels, n)).join(sep))));
      return { type: 'vector', series: mergeSameLabels(out, ctx.steps) };
    },
  },
});
