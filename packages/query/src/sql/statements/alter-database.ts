import type { AlterDatabaseStatement } from '../ast/statement.js';
import { DatabaseNotFoundError, SqlUnsupportedError } from '../errors.js';
import type { Executor } from './session.js';

/** `ALTER DATABASE d SET/UNSET ...`: parsed; the store keeps no database options yet, so it is refused by name. */
export const executeAlterDatabase: Executor<AlterDatabaseStatement> = async (stmt, s) => {
  if (!s.store.listDatabases().includes(stmt.name)) throw new DatabaseNotFoundError(stmt.name);
  throw new SqlUnsupportedError(`ALTER DATABASE ${stmt.name}: database options are not supported`);
};
