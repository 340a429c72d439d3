import type { AdminStatement } from '../ast/statement.js';
import { SqlInvalidArgumentError, SqlUnsupportedError } from '../errors.js';
import { exprText } from '../expr/print.js';
import { resolveTable } from '../planner/source.js';
import { queryEnv, type Executor } from './session.js';

/**
 * `ADMIN flush_table('t')`, `ADMIN compact_table('t', ...)` (and the region forms): GreptimeDB's
 * maintenance functions. The LMDB store commits every write durably and compacts chunks as it writes,
 * so there is nothing to flush or compact: they check the table exists and answer 0 as GreptimeDB does.
 */
const TABLE_FUNCTIONS = new Set(['flush_table', 'compact_table', 'build_index']);

export const executeAdmin: Executor<AdminStatement> = async (stmt, s) => {
  const call = stmt.call;
  if (call.kind !== 'function') throw new SqlInvalidArgumentError(`ADMIN expects a function call, got ${stmt.text}`);
  const name = call.name.toLowerCase();
  if (!TABLE_FUNCTIONS.has(name)) throw new SqlUnsupportedError(`ADMIN ${call.name}: unknown administration function`);
  const arg = call.args[0];
  if (arg?.kind !== 'literal' || typeof arg.value !== 'string') {
    throw new SqlInvalidArgumentError(`ADMIN ${call.name}: the first argument must be the table name as a string`);
  }
  const parts = arg.value.split('.');
  const table = parts.pop()!;
  resolveTable(queryEnv(s), parts.pop(), table);
  // The header is the statement as GreptimeDB re-prints it: the function name as written, arguments joined by ', '.
  const written = /^\s*ADMIN\s+([^\s(]+)/i.exec(stmt.text)?.[1] ?? call.name;
  const header = `ADMIN ${written}(${call.args.map(exprText).join(', ')})`;
  return { kind: 'records', columns: [{ name: header, type: 'uint64', dataType: 'UInt64' }], rows: [[0]] };
};
