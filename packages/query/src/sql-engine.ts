import type { Store } from '@sluice/storage';
import type { QueryEngine, SqlContext, StatementOutput } from './engine.js';
import { parseSql } from './sql/parse.js';
import { normalizeTimezone } from './sql/types/timezone.js';
import { EXECUTORS } from './sql/statements/registry.js';
import type { Executor, Session } from './sql/statements/session.js';
import type { Statement } from './sql/ast/statement.js';
import { promqlLabelNames, promqlLabelValues, promqlSeries, runPromql } from './promql/run.js';
import { DEFAULT_PROMQL_LIMITS, type PromqlLimits } from './promql/result.js';

/** The SQL engine over a store: parses every statement first, then runs them in order. */
export function createQueryEngine(store: Store, opts: { promqlLimits?: Partial<PromqlLimits> } = {}): QueryEngine {
  const limits: PromqlLimits = { ...DEFAULT_PROMQL_LIMITS, ...opts.promqlLimits };
  return {
    executePromql: (req) => runPromql(store, req, limits),
    promqlSeries: (req) => promqlSeries(store, req),
    promqlLabelNames: (req) => promqlLabelNames(store, req),
    promqlLabelValues: (name, req) => promqlLabelValues(store, name, req),
    async executeSql(sql: string, ctx: SqlContext): Promise<StatementOutput[]> {
      const timezone = normalizeTimezone(ctx.timezone);
      const statements = parseSql(sql);
      ctx.onParsed?.(statements.length);
      const session: Session = {
        store,
        db: ctx.db || 'public',
        ctx: { nowNs: BigInt(Date.now()) * 1_000_000n, ...(timezone ? { timezone } : {}) },
      };
      const out: StatementOutput[] = [];
      for (const st of statements) out.push(await (EXECUTORS[st.kind] as Executor<Statement>)(st, session));
      return out;
    },
  };
}
