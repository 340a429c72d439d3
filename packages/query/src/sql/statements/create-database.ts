import type { CreateDatabaseStatement } from '../ast/statement.js';
import { affected, type Executor } from './session.js';

export const executeCreateDatabase: Executor<CreateDatabaseStatement> = async (stmt, s) => {
  const existed = s.store.listDatabases().includes(stmt.name);
  await s.store.createDatabase(stmt.name, { ifNotExists: stmt.ifNotExists });
  return affected(existed ? 0 : 1);
};
