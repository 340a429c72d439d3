export type { QueryEngine, StatementOutput, ResultColumn, SqlContext } from './engine.js';
export { createQueryEngine } from './sql-engine.js';
export { SqlSyntaxError, SqlPlanError, SqlInvalidArgumentError, SqlUnsupportedError, ColumnNotFoundError } from './sql/errors.js';
export { createExecContext, type ExecContext, type ExecOptions } from './exec/exec-context.js';
export { DEFAULT_QUERY_LIMITS, type QueryLimits } from './exec/limits.js';
export { QueryCancelledError, QueryBudgetError } from './exec/errors.js';
