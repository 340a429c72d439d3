import type { Expr } from '../ast/expr.js';
import type { Query } from '../ast/query.js';
import { isAggregateName } from '../aggregates/registry.js';
import { ColumnNotFoundError, SqlExecutionError, SqlPlanError, SqlUnsupportedError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { walkExpr } from '../expr/walk.js';
import { arrowTypeName } from '../types/arrow-type.js';
import { isIntType, type SqlType } from '../types/sql-value.js';
import type { QueryEnv } from './env.js';

/**
 * `LIMIT` / `OFFSET` given as an expression (`LIMIT 2 - 1`): a constant integer (or NULL: no limit),
 * planned once, with DataFusion's answers otherwise: a column is a plan error (3000), a non-integer type
 * 3001, an aggregate or a subquery of integer type 1001 (not implemented).
 */
export async function resolveLimitExprs(q: Query, env: QueryEnv, runType: (q: Query) => Promise<SqlType>): Promise<Query> {
  if (!q.limitExpr && !q.offsetExpr) return q;
  const limit = q.limitExpr ? await constantCount(q.limitExpr, 'LIMIT', env, runType) : q.limit;
  const offset = q.offsetExpr ? await constantCount(q.offsetExpr, 'OFFSET', env, runType) : q.offset;
  const { limitExpr: _l, offsetExpr: _o, limit: _a, offset: _b, ...rest } = q;
  return { ...rest, ...(limit !== undefined ? { limit } : {}), ...(offset !== undefined ? { offset } : {}) };
}

async function constantCount(e: Expr, what: 'LIMIT' | 'OFFSET', env: QueryEnv, runType: (q: Query) => Promise<SqlType>): Promise<number | undefined> {
  const wrongType = (t: SqlType) => new SqlExecutionError(`Error during planning: Expected ${what} to be an integer or null, but got ${arrowTypeName(t)}`);
  if (e.kind === 'subquery') {
    const t = await runType(e.query);
    if (t !== 'null' && !isIntType(t)) throw wrongType(t);
    throw new SqlUnsupportedError(`Unsupported ${what} expression: a subquery`);
  }
  let window = false;
  let aggregate = false;
  walkExpr(e, (x) => {
    if (x.kind === 'function' && x.over) window = true;
    else if (x.kind === 'function' && isAggregateName(x.name)) aggregate = true;
  });
  if (window) throw new SqlExecutionError(`Unsupported ${what} expression: a window function`);
  if (aggregate) throw new SqlUnsupportedError(`Unsupported ${what} expression: an aggregate`);
  let c;
  try {
    c = compileExpr(e, { fields: [], ctx: env.ctx });
  } catch (err) {
    if (err instanceof ColumnNotFoundError) throw new SqlPlanError(`Failed to plan SQL: ${err.message}`);
    throw err;
  }
  if (c.type !== 'null' && !isIntType(c.type)) throw wrongType(c.type);
  if (!c.constant) throw new SqlUnsupportedError(`Unsupported ${what} expression`);
  const v = c.constant.value;
  if (v === null) return undefined;
  const n = Number(v);
  if (n < 0) throw new SqlPlanError(`${what} must be non-negative, got ${n}`);
  return n;
}
