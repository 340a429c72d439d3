import type { Compiled } from '../expr/compiled.js';
import type { EvalContext } from '../expr/relation.js';
import { SqlPlanError } from '../errors.js';
import { isNumericType, isTimestampType, type SqlType } from '../types/sql-value.js';
import { DEFAULT_QUERY_LIMITS } from '../../exec/limits.js';
import { QueryBudgetError } from '../../exec/errors.js';

/** A scalar SQL function: arity, a signature for messages and docs, and a binder run once per query. */
export interface ScalarFunction {
  readonly name: string;
  readonly signature: string;
  readonly minArgs: number;
  readonly maxArgs: number;
  bind(args: readonly Compiled[], ctx: EvalContext): Compiled;
}

/** A call's arguments do not fit the function (3000, as DataFusion refuses a signature when it plans). */
export function argError(fn: string, message: string): SqlPlanError {
  return new SqlPlanError(`${fn}: ${message}`);
}

export function expectNumeric(fn: string, t: SqlType, what = 'argument'): void {
  if (!isNumericType(t) && t !== 'null') throw argError(fn, `${what} must be numeric, got ${t}`);
}

export function expectTimestamp(fn: string, t: SqlType, what = 'argument'): void {
  if (!isTimestampType(t) && t !== 'null') throw argError(fn, `${what} must be a timestamp, got ${t}`);
}

/** The constant string value of an argument (units, patterns) or an error naming the function. */
export function constString(fn: string, c: Compiled, what: string): string {
  if (!c.constant || typeof c.constant.value !== 'string') throw argError(fn, `${what} must be a string literal`);
  return c.constant.value;
}

/**
 * A function is about to build (or has built) a string of `chars` characters or an array of `chars`
 * items: over `[query] max_value_size` it fails, and the size counts toward the query's memory for
 * the current batch. Call it before building when the size is known (`repeat`, `lpad`).
 */
export function builtValue(ctx: EvalContext, fn: string, chars: number): void {
  if (ctx.exec !== undefined) return ctx.exec.built(chars, fn);
  const max = DEFAULT_QUERY_LIMITS.maxValueSize;
  if (chars > max) throw new QueryBudgetError(`${fn}: result of ${chars.toLocaleString('en-US')} characters or items is over the ${max.toLocaleString('en-US')} limit ([query] max_value_size)`);
}
