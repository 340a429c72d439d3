import type { SetVariableStatement } from '../ast/statement.js';
import { SqlUnsupportedError } from '../errors.js';
import { normalizeTimezone } from '../types/timezone.js';
import { affected, type Executor } from './session.js';

const TIME_ZONE = new Set(['TIME_ZONE', 'TIMEZONE', '@@TIME_ZONE', '@@SESSION.TIME_ZONE']);

/**
 * `SET time_zone = 'Asia/Shanghai'`: the statements after it in the same request read and print
 * times in that zone (as they would on GreptimeDB's session). Other variables are refused, as
 * GreptimeDB refuses them over HTTP.
 */
export const executeSetVariable: Executor<SetVariableStatement> = async (stmt, s) => {
  const name = stmt.name.toUpperCase();
  if (!TIME_ZONE.has(name)) throw new SqlUnsupportedError(`Not supported: Unsupported set variable ${name}`);
  const timezone = normalizeTimezone(stmt.value);
  const { timezone: _old, ...rest } = s.ctx;
  s.ctx = timezone === undefined || timezone === 'UTC' ? rest : { ...rest, timezone };
  return affected(0);
};
