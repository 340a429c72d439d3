import type { Store } from '@sluice/storage';
import type { QueryEngine, SqlContext, StatementOutput } from './engine.js';
import { parseSqlCached } from './sql/parse-cache.js';
import { normalizeTimezone } from './sql/types/timezone.js';
import { EXECUTORS } from './sql/statements/registry.js';
import type { Executor, Session } from './sql/statements/session.js';
import type { Statement } from './sql/ast/statement.js';
import { promqlLabelNames, promqlLabelValues, promqlSeries, runPromql } from './promql/run.js';
import { DEFAULT_PROMQL_LIMITS, type PromqlLimits } from './promql/result.js';
import { createExecContext, type ExecContext } from './exec/exec-context.js';
import type { MemoryPool } from './exec/memory-pool.js';
import type { QueryLimits } from './exec/limits.js';
import { QueryBudgetError } from './exec/errors.js';
import { SqlTooComplexError } from './sql/shape-limits.js';

/**
 * A RangeError from the engine itself: a string or array past what V8 allows, or a recursion past
 * the stack (a statement that slipped past the shape check). Either is the query's size, not a fault.
 */
function engineLimitError(e: RangeError, depth: number): Error {
  if (/call stack/i.test(e.message)) return new SqlTooComplexError(`SQL statement is nested too deeply to run (limit [query] max_expr_depth is ${depth})`);
  if (/invalid (string|array|typed array) length/i.test(e.message)) return new QueryBudgetError(`query built a value larger than the engine can hold (${e.message}); see [query] max_value_size`);
  return e;
}

export interface QueryEngineOptions {
  readonly promqlLimits?: Partial<PromqlLimits>;
  /** Budgets PromQL queries run under (SQL requests pass theirs in SqlContext). */
  readonly queryLimits?: Partial<QueryLimits>;
  /** The memory shared by all running queries (`[query] memory_pool_size`); absent: no shared cap. */
  readonly memoryPool?: MemoryPool;
}

/** The SQL engine over a store: parses every statement first, then runs them in order. */
export function createQueryEngine(store: Store, opts: QueryEngineOptions = {}): QueryEngine {
  const limits: PromqlLimits = { ...DEFAULT_PROMQL_LIMITS, ...opts.promqlLimits };
  const pool = opts.memoryPool;
  return {
    async executePromql(req) {
      const exec = req.exec ?? createExecContext({ ...(req.signal ? { signal: req.signal } : {}), ...(opts.queryLimits ? { limits: opts.queryLimits } : {}), ...(pool ? { pool } : {}) });
      try {
        return await runPromql(store, { ...req, exec }, limits);
      } finally {
        if (req.exec === undefined) exec.close();
      }
    },
    promqlSeries: (req) => promqlSeries(store, req),
    promqlLabelNames: (req) => promqlLabelNames(store, req),
    promqlLabelValues: (name, req) => promqlLabelValues(store, name, req),
    async executeSql(sql: string, ctx: SqlContext): Promise<StatementOutput[]> {
      const exec = createExecContext({ ...(ctx.signal ? { signal: ctx.signal } : {}), ...(ctx.limits ? { limits: ctx.limits } : {}), ...(pool ? { pool } : {}) });
      try {
        return await runStatements(sql, ctx, exec);
      } finally {
        exec.close();
      }
    },
  };

  async function runStatements(sql: string, ctx: SqlContext, exec: ExecContext): Promise<StatementOutput[]> {
    exec.throwIfAborted();
    const timezone = normalizeTimezone(ctx.timezone);
    const statements = parseSqlCached(sql, exec.limits);
    ctx.onParsed?.(statements.length);
    const session: Session = {
      store,
      db: ctx.db || 'public',
      ctx: { nowNs: BigInt(Date.now()) * 1_000_000n, exec, ...(timezone ? { timezone } : {}) },
    };
    const out: StatementOutput[] = [];
    try {
      for (const st of statements) {
        await exec.checkpoint();
        out.push(await (EXECUTORS[st.kind] as Executor<Statement>)(st, session));
      }
    } catch (e) {
      throw e instanceof RangeError ? engineLimitError(e, exec.limits.maxExprDepth) : e;
    }
    return out;
  }
}
