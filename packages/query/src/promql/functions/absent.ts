import type { Call, Expr } from '../ast.js';
import { labelsFromRecord, type Labels } from '../labels.js';
import { forEachWindow } from '../eval/selector.js';
import { newStepSeries, type MatrixValue, type VectorValue } from '../eval/values.js';
import { defineFunction } from './function.js';

/** Labels of absent()'s output: the equality matchers of a selector argument (a label matched twice is dropped). */
function absentLabels(arg: Expr): Labels {
  let e = arg;
  while (e.kind === 'paren') e = e.expr;
  const sel = e.kind === 'vector_selector' ? e : e.kind === 'matrix_selector' ? e.selector : undefined;
  if (!sel) return [];
  const rec: Record<string, string> = {};
  const dropped = new Set<string>();
  for (const m of sel.matchers) {
    if (m.name === '__name__') continue;
    if (m.op === '=' && !(m.name in rec) && !dropped.has(m.name)) rec[m.name] = m.value;
    else {
      delete rec[m.name];
      dropped.add(m.name);
    }
  }
  return labelsFromRecord(rec);
}

export const absent = defineFunction({
  name: 'absent', args: ['vector'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: (args, call: Call, ctx) => {
      const v = args[0] as VectorValue;
      const r = newStepSeries(absentLabels(call.args[0]!), ctx.steps);
      let any = false;
      for (let i = 0; i < ctx.steps; i++) {
        if (v.series.some((s) => s.has[i])) continue;
        r.values[i] = 1;
        r.has[i] = 1;
        any = true;
      }
      return { type: 'vector', series: any ? [r] : [] };
    },
  },
});

export const absent_over_time = defineFunction({
  name: 'absent_over_time', args: ['matrix'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: (args, call: Call, ctx) => {
      const m = args[0] as MatrixValue;
      const present = new Uint8Array(ctx.steps);
      for (const s of m.series) forEachWindow(s, m, (i, lo, hi) => {
        if (hi > lo) present[i] = 1;
      });
      const r = newStepSeries(absentLabels(call.args[0]!), ctx.steps);
      let any = false;
      for (let i = 0; i < ctx.steps; i++) {
        if (present[i]) continue;
        r.values[i] = 1;
        r.has[i] = 1;
        any = true;
      }
      return { type: 'vector', series: any ? [r] : [] };
    },
  },
});
