import { DateTime } from 'luxon';
import type { Expr, RangeDuration } from '../ast/expr.js';
import type { AlignTo } from '../ast/query.js';
import { SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import { headerName } from '../expr/header-name.js';
import type { EvalContext } from '../expr/relation.js';
import { walkExpr } from '../expr/walk.js';
import { parseTimestampText } from '../types/timestamp-text.js';
import { Interval, isTimestampType, nsPer, type SqlValue } from '../types/sql-value.js';
import { parsePromDuration } from '../../promql/duration.js';

/** The durations and origin of a range query, evaluated once when it is planned (milliseconds, as GreptimeDB). */

const NS_PER_MS = 1_000_000n;
const illegal = (e: Expr) => new SqlPlanError(`Illegal argument \`${headerName(e, [])}\` in range select query`);

/** A constant expression's value (no columns in scope). */
function evaluate(e: Expr, ctx: EvalContext): { value: SqlValue; type: string } {
  const c = compileExpr(e, { fields: [], ctx });
  return { value: c.constant ? c.constant.value : c.eval({ length: 1, columns: [] })[0]!, type: c.type };
}

/** Interval literals, interval casts of text and operators over them: what a range query takes as a duration. */
function intervalsOnly(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === 'interval') return false;
    if (x.kind !== 'binary' && x.kind !== 'unary') ok = false;
    return ok;
  });
  return ok;
}

/** `'10s'` or `(INTERVAL '10' second)` in milliseconds; zero, negative and calendar durations are refused. */
export function durationMs(d: RangeDuration, ctx: EvalContext): number {
  if (d.kind === 'text') {
    const ms = parsePromDuration(d.text);
    if (ms === undefined) throw new SqlPlanError(`not a valid duration string: ${d.text}`);
    if (ms <= 0) throw new SqlPlanError('duration must be greater than 0');
    return ms;
  }
  if (!intervalsOnly(d.expr)) throw illegal(d.expr);
  const { value } = evaluate(d.expr, ctx);
  if (!(value instanceof Interval)) throw new SqlPlanError(`${headerName(d.expr, [])} is not a expr can be evaluate and use in range query`);
  if (value.months !== 0) throw new SqlPlanError(`Year or month interval is not allowed in range query: ${headerName(d.expr, [])}`);
  const ms = Number(value.ns / NS_PER_MS);
  if (ms <= 0) throw illegal(d.expr);
  return ms;
}

/** The session time zone's offset from UTC at the epoch, in milliseconds (GreptimeDB's default origin). */
function zoneOffsetMs(timezone: string | undefined): number {
  if (timezone === undefined) return 0;
  return DateTime.fromMillis(0, { zone: timezone }).offset * 60_000;
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** Where windows start: `TO NOW`, `TO '2024-01-01T00:00:00+08:00'`, `TO (expression)`, or the session zone's epoch. */
export function alignToMs(to: AlignTo, ctx: EvalContext): number {
  if (to.kind === 'default') return zoneOffsetMs(ctx.timezone);
  if (to.kind === 'text') {
    const s = to.text;
    if (s.toUpperCase() === 'NOW') return Number(floorDiv(ctx.nowNs, NS_PER_MS));
    if (s === '') return zoneOffsetMs(ctx.timezone);
    const ns = parseTimestampText(s, ctx.timezone);
    if (ns === undefined) {
      throw new SqlPlanError(`Illegal \`align to\` argument \`${s}\` in range select query, can't be parse as NOW/CALENDAR/Timestamp, error: Failed to parse a string into Timestamp, raw string: ${s}`);
    }
    return Number(floorDiv(ns, NS_PER_MS));
  }
  const { value, type } = evaluate(to.expr, ctx);
  if (value instanceof Interval && value.months === 0) return Number(value.ns / NS_PER_MS);
  if (typeof value === 'bigint' && isTimestampType(type as never)) return Number(floorDiv(value * nsPer(type as never), NS_PER_MS));
  throw new SqlPlanError(`${headerName(to.expr, [])} is not a expr can be evaluate and use in range query`);
}
