import type { Expr, ExprKind } from '../ast.js';
import { dropMetricName } from '../labels.js';
import { evalAggregate } from './aggregate.js';
import { evalBinary } from './binary.js';
import { evalCall } from './call.js';
import { checkpoint, type EvalContext } from './context.js';
import { mergeSameLabels } from './merge.js';
import { evalMatrixSelector, evalVectorSelector } from './selector.js';
import { evalSubquery } from './subquery.js';
import type { Value } from './values.js';

export type Evaluate = (e: Expr, ctx: EvalContext) => Promise<Value>;

type Handlers = { readonly [K in ExprKind]: (e: Extract<Expr, { kind: K }>, ctx: EvalContext) => Promise<Value> };

const HANDLERS: Handlers = {
  number: async (e, ctx) => ({ type: 'scalar', values: new Float64Array(ctx.steps).fill(e.value) }),
  string: async (e) => ({ type: 'string', value: e.value }),
  paren: (e, ctx) => evaluate(e.expr, ctx),
  vector_selector: (e, ctx) => evalVectorSelector(e, ctx),
  matrix_selector: (e, ctx) => evalMatrixSelector(e, ctx),
  subquery: (e, ctx) => evalSubquery(e, ctx, evaluate),
  call: (e, ctx) => evalCall(e, ctx, evaluate),
  aggregate: (e, ctx) => evalAggregate(e, ctx, evaluate),
  binary: (e, ctx) => evalBinary(e, ctx, evaluate),
  unary: async (e, ctx) => {
    const v = await evaluate(e.expr, ctx);
    if (e.op === '+') return v;
    if (v.type === 'scalar') return { type: 'scalar', values: v.values.map((x) => -x) };
    if (v.type !== 'vector') return v;
    const series = v.series.map((s) => ({ labels: dropMetricName(s.labels), values: s.values.map((x) => -x), has: s.has }));
    return { type: 'vector', series: mergeSameLabels(series, ctx.steps) };
  },
};

/** Evaluates an expression over every step of the context; yields and checks the deadline between nodes. */
export async function evaluate(e: Expr, ctx: EvalContext): Promise<Value> {
  await checkpoint(ctx);
  const v = await (HANDLERS[e.kind] as (x: Expr, c: EvalContext) => Promise<Value>)(e, ctx);
  await checkpoint(ctx);
  return v;
}
