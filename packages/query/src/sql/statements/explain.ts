import type { ExplainStatement } from '../ast/statement.js';
import { runQuery } from '../planner/plan-query.js';
import { records, toRecords } from './records.js';
import { queryEnv, type Executor } from './session.js';
import { analyzeOutput, countingStore, scanLines } from './tql-analyze.js';

/**
 * `EXPLAIN <query>`: plans the query without reading it (uncorrelated subqueries do run) and shows the
 * operators from the output down to the scans, with what was pushed down to the store.
 *
 * `EXPLAIN ANALYZE <query>` runs it too and answers in GreptimeDB's layout (`stage`, `node`, `plan`, then
 * `Total rows: N`): the plan with the query's elapsed time and output rows, and per table the scans made
 * and the rows they returned. VERBOSE adds the bytes the query held at its peak.
 */
export const executeExplain: Executor<ExplainStatement> = async (stmt, s) => {
  const lines: string[] = [];
  if (!stmt.analyze) {
    await runQuery(stmt.query, { ...queryEnv(s), explain: lines });
    return records([{ name: 'plan_type', type: 'string' }, { name: 'plan', type: 'string' }], [['logical_plan', lines.reverse().join('\n')]]);
  }
  const counted = countingStore(s.store);
  const started = performance.now();
  const out = await toRecords(await runQuery(stmt.query, { ...queryEnv(s), store: counted.store, explain: lines }), s.ctx.exec);
  const elapsed = performance.now() - started;
  const rows = out.kind === 'records' ? out.rows.length : 0;
  const peak = stmt.verbose && s.ctx.exec ? `, held_bytes: ${s.ctx.exec.heldBytes}` : '';
  const plan = lines.reverse().map((l, i) => (i === 0 ? `${l} metrics=[elapsed_ms: ${elapsed.toFixed(3)}, output_rows: ${rows}${peak}]` : `  ${l}`));
  return analyzeOutput([...plan, ...scanLines(counted.counts)].join('\n'), rows);
};
