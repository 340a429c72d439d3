import type { CreateDatabaseStatement } from '../ast/statement.js';
import { SqlUnsupportedError } from '../errors.js';
import { checkDatabaseOptions } from './database-options.js';
import { affected, type Executor } from './session.js';

export const executeCreateDatabase: Executor<CreateDatabaseStatement> = async (stmt, s) => {
  const options = checkDatabaseOptions(stmt.options ?? {});
  if (Object.keys(options).length > 0 && !s.store.databaseOptions) throw new SqlUnsupportedError(`CREATE DATABASE ${stmt.name}: this store keeps no database options`);
  const existed = s.store.listDatabases().includes(stmt.name);
  await s.store.createDatabase(stmt.name, { ifNotExists: stmt.ifNotExists, ...(Object.keys(options).length ? { options } : {}) });
  return affected(existed ? 0 : 1);
};
