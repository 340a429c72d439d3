import type { UseStatement } from '../ast/statement.js';
import { INFORMATION_SCHEMA } from '../catalog/information-schema.js';
import { DatabaseNotFoundError } from '../errors.js';
import { affected, type Executor } from './session.js';

/** `USE db`: later statements of the same request run in `db`. */
export const executeUse: Executor<UseStatement> = async (stmt, s) => {
  if (stmt.db !== INFORMATION_SCHEMA && !s.store.listDatabases().includes(stmt.db)) throw new DatabaseNotFoundError(stmt.db);
  s.db = stmt.db;
  return affected(0);
};
