export type { QueryEngine, StatementOutput, ResultColumn, SqlContext } from './engine.js';
export { createQueryEngine } from './sql-engine.js';
export { SqlSyntaxError, SqlPlanError, SqlInvalidArgumentError, SqlUnsupportedError, ColumnNotFoundError } from './sql/errors.js';
export { createTableText, type CreateTableStyle } from './sql/statements/show-create-table.js';
export { formatSql, parseSqlStatements } from './sql/format-sql.js';
export { isReadOnlySql } from './sql/read-only.js';
