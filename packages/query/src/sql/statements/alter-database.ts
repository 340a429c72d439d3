import type { AlterDatabaseStatement } from '../ast/statement.js';
import { DatabaseNotFoundError, SqlUnsupportedError } from '../errors.js';
import { checkDatabaseOptions, checkUnsetDatabaseOptions } from './database-options.js';
import { affected, type Executor } from './session.js';

/** `ALTER DATABASE d SET 'k' = 'v', ... | UNSET 'k', ...`: database options (database-options.ts). */
export const executeAlterDatabase: Executor<AlterDatabaseStatement> = async (stmt, s) => {
  if (!s.store.listDatabases().includes(stmt.name)) throw new DatabaseNotFoundError(stmt.name);
  const change = stmt.change.kind === 'set_options' ? { set: checkDatabaseOptions(stmt.change.options) } : (checkUnsetDatabaseOptions(stmt.change.names), { unset: stmt.change.names });
  if (!s.store.alterDatabase) throw new SqlUnsupportedError(`ALTER DATABASE ${stmt.name}: this store keeps no database options`);
  await s.store.alterDatabase(stmt.name, change);
  return affected(0);
};
