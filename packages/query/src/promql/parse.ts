import type { Expr, ValueType } from './ast.js';
import { checkExpr } from './check.js';
import { toAst } from './to-ast.js';

export interface ParsedPromql {
  readonly expr: Expr;
  readonly type: ValueType;
}

/** Parses and type-checks PromQL once; evaluation runs on the result. */
export function parsePromql(text: string): ParsedPromql {
  const expr = toAst(text);
  return { expr, type: checkExpr(expr) };
}
