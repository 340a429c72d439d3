import type { Statement } from './ast/statement.js';
import { parseSqlCached } from './parse-cache.js';

const READ_ONLY: ReadonlySet<Statement['kind']> = new Set(['select', 'show_databases', 'show_tables', 'show_create_table', 'describe', 'explain', 'use']);

/**
 * Whether every statement of `sql` only reads (SELECT, SHOW, DESC, EXPLAIN, USE), as GreptimeDB's
 * permission checker decides for read-only and write-only users. Throws the syntax error of bad SQL.
 */
export function isReadOnlySql(sql: string): boolean {
  return parseSqlCached(sql).every((s) => READ_ONLY.has(s.kind));
}
