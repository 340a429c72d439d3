import { parsePromDuration } from '../../promql/duration.js';
import { formatExpr } from '../../promql/format.js';
import type { Expr } from '../../promql/ast.js';
import { parsePromql } from '../../promql/parse.js';
import { promqlToRecords } from '../../promql/records.js';
import { runPromql } from '../../promql/run.js';
import type { TqlStatement } from '../ast/statement.js';
import { SqlInvalidArgumentError } from '../errors.js';
import { analyzeOutput, countingStore, scanLines } from './tql-analyze.js';
import { records } from './records.js';
import type { Executor } from './session.js';

const unquote = (p: string) => (/^'.*'$|^".*"$/.test(p) ? p.slice(1, -1) : p);

/** A TQL time: Unix seconds, RFC 3339 text, or `now()`; milliseconds out. */
function tqlTime(name: string, p: string, nowMs: number): number {
  const t = unquote(p.trim());
  if (/^now\(\)$/i.test(t)) return nowMs;
  if (/^[-+]?\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const ms = Date.parse(t);
  if (!Number.isNaN(ms)) return ms;
  throw new SqlInvalidArgumentError(`TQL: invalid ${name} ${p}: expected Unix seconds, an RFC 3339 time or now()`);
}

/** A TQL duration: `'1m'`, `'30s'` or seconds. */
function tqlDuration(name: string, p: string): number {
  const t = unquote(p.trim());
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const d = parsePromDuration(t);
  if (d === undefined) throw new SqlInvalidArgumentError(`TQL: invalid ${name} ${p}: expected a duration such as '1m' or seconds`);
  return d;
}

function planLines(e: Expr, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  switch (e.kind) {
    case 'aggregate':
      out.push(`${pad}Aggregate: ${e.op}${e.without ? ` without (${e.grouping.join(', ')})` : e.grouping.length ? ` by (${e.grouping.join(', ')})` : ''}`);
      if (e.param) planLines(e.param, depth + 1, out);
      planLines(e.expr, depth + 1, out);
      return;
    case 'binary':
      out.push(`${pad}Binary: ${e.op}${e.returnBool ? ' bool' : ''}`);
      planLines(e.lhs, depth + 1, out);
      planLines(e.rhs, depth + 1, out);
      return;
    case 'call':
      out.push(`${pad}Function: ${e.func}`);
      for (const a of e.args) planLines(a, depth + 1, out);
      return;
    case 'subquery':
      out.push(`${pad}Subquery: ${formatExpr(e).slice(formatExpr(e.expr).length)}`);
      planLines(e.expr, depth + 1, out);
      return;
    case 'paren':
    case 'unary':
      planLines(e.expr, depth, out);
      return;
    case 'vector_selector':
      out.push(`${pad}VectorSelector: ${formatExpr(e)}`);
      return;
    case 'matrix_selector':
      out.push(`${pad}MatrixSelector: ${formatExpr(e)}`);
      return;
    default:
      out.push(`${pad}Literal: ${formatExpr(e)}`);
  }
}

/**
 * `TQL EVAL` runs PromQL as a range query and answers SQL records; `TQL EXPLAIN` shows the expression
 * tree; `TQL ANALYZE` runs the query and shows the tree with what it cost (GreptimeDB's `stage`, `node`,
 * `plan` columns, ending with `Total rows: n`, the rows TQL EVAL would return).
 */
export const executeTql: Executor<TqlStatement> = async (stmt, s) => {
  if (stmt.mode === 'explain') {
    const lines: string[] = [];
    planLines(parsePromql(stmt.query).expr, 0, lines);
    return records([{ name: 'plan_type', type: 'string' }, { name: 'plan', type: 'string' }], [['logical_plan', lines.join('\n')]]);
  }
  const nowMs = Number(s.ctx.nowNs / 1_000_000n);
  const startMs = tqlTime('start', stmt.start, nowMs);
  const endMs = tqlTime('end', stmt.end, nowMs);
  const stepMs = tqlDuration('step', stmt.step);
  const counted = stmt.mode === 'analyze' ? countingStore(s.store) : undefined;
  const started = performance.now();
  const res = await runPromql(counted?.store ?? s.store, {
    query: stmt.query, startMs, endMs, stepMs, instant: false, db: s.db, exec: s.ctx.exec,
    ...(stmt.lookback !== undefined ? { lookbackMs: tqlDuration('lookback', stmt.lookback) } : {}),
  });
  const out = promqlToRecords(res);
  if (!counted) return out;
  const elapsed = performance.now() - started;
  const lines: string[] = [];
  planLines(parsePromql(stmt.query).expr, 0, lines);
  const series = res.resultType === 'matrix' || res.resultType === 'vector' ? res.result.length : 1;
  const rows = out.kind === 'records' ? out.rows.length : 0;
  const metrics = [`PromQL: range=[${startMs}..${endMs}], interval=[${stepMs}] metrics=[elapsed_ms: ${elapsed.toFixed(3)}, output_series: ${series}, output_rows: ${rows}]`];
  metrics.push(...scanLines(counted.counts));
  return analyzeOutput([...metrics, ...lines.map((l) => `  ${l}`)].join('\n'), rows);
};
