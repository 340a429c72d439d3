import type { UseStatement } from '../ast/statement.js';
import { BUILTIN_DATABASES } from '../catalog/builtin-tables.js';
import { DatabaseNotFoundError } from '../errors.js';
import { affected, type Executor } from './session.js';

/** `USE db`: later statements of the same request run in `db`. */
export const executeUse: Executor<UseStatement> = async (stmt, s) => {
  if (!BUILTIN_DATABASES.includes(stmt.db) && !s.store.listDatabases().includes(stmt.db)) throw new DatabaseNotFoundError(stmt.db);
  s.db = stmt.db;
  return affected(0);
};
