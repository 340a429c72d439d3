import type { ShowDatabasesStatement, ShowTablesStatement } from '../ast/statement.js';
import { BUILTIN_DATABASES, builtinTableNames } from '../catalog/builtin-tables.js';
import { DatabaseNotFoundError } from '../errors.js';
import { likeMatcher } from '../expr/like.js';
import { records } from './records.js';
import type { Executor } from './session.js';

function like(pattern: string | undefined): (s: string) => boolean {
  return pattern === undefined ? () => true : likeMatcher(pattern, false);
}

export const executeShowDatabases: Executor<ShowDatabasesStatement> = async (stmt, s) => {
  const names = [...new Set([...BUILTIN_DATABASES, ...s.store.listDatabases()])].sort().filter(like(stmt.like));
  return records([{ name: 'Database', type: 'string' }], names.map((n) => [n]));
};

export const executeShowTables: Executor<ShowTablesStatement> = async (stmt, s) => {
  const db = stmt.db ?? s.db;
  let names: string[];
  if (BUILTIN_DATABASES.includes(db)) names = builtinTableNames(db);
  else {
    if (!s.store.listDatabases().includes(db)) throw new DatabaseNotFoundError(db);
    names = [...new Set([...s.store.listTables(db).map((t) => t.name), ...builtinTableNames(db)])];
  }
  return records([{ name: `Tables_in_${db}`, type: 'string' }], names.sort().filter(like(stmt.like)).map((n) => [n]));
};
