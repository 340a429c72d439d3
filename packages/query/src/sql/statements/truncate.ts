import type { TruncateStatement } from '../ast/statement.js';
import { resolveTable } from '../planner/source.js';
import { affected, queryEnv, type Executor } from './session.js';

export const executeTruncate: Executor<TruncateStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  await s.store.truncate(t.db, t.name);
  return affected(0);
};
