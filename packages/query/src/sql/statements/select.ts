import type { SelectStatement } from '../ast/statement.js';
import { runQuery } from '../planner/plan-query.js';
import { toRecords } from './records.js';
import { queryEnv, type Executor } from './session.js';

export const executeSelect: Executor<SelectStatement> = async (stmt, s) => toRecords(await runQuery(stmt.query, queryEnv(s)), s.ctx.exec);
