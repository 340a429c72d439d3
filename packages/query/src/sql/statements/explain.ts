import type { ExplainStatement } from '../ast/statement.js';
import { runQuery } from '../planner/plan-query.js';
import { records } from './records.js';
import { queryEnv, type Executor } from './session.js';

/**
 * `EXPLAIN <query>`: plans the query without reading it (uncorrelated subqueries do run) and shows the
 * operators from the output down to the scans, with what was pushed down to the store.
 */
export const executeExplain: Executor<ExplainStatement> = async (stmt, s) => {
  const lines: string[] = [];
  await runQuery(stmt.query, { ...queryEnv(s), explain: lines });
  return records([{ name: 'plan_type', type: 'string' }, { name: 'plan', type: 'string' }], [['logical_plan', lines.reverse().join('\n')]]);
};
