import type { DropStatement } from '../ast/statement.js';
import { checkPhysicalDrop } from './metric-engine.js';
import { affected, type Executor } from './session.js';

export const executeDrop: Executor<DropStatement> = async (stmt, s) => {
  if (stmt.object === 'database') {
    await s.store.dropDatabase(stmt.table.name, { ifExists: stmt.ifExists });
  } else {
    checkPhysicalDrop(s.store, stmt.table.db ?? s.db, stmt.table.name);
    await s.store.dropTable(stmt.table.db ?? s.db, stmt.table.name, { ifExists: stmt.ifExists });
  }
  return affected(0);
};
