import { sqlIdent, sqlString } from './queries.js';
import type { TimeRange } from './time-range.js';

/**
 * A timestamp literal the SQL engine compares with a time column: RFC 3339 with `Z`, so the server's
 * default time zone (which applies to a literal without an offset) cannot shift the range.
 */
export function tsLiteral(sec: number): string {
  return sqlString(new Date(Math.round(sec * 1000)).toISOString());
}

/** The WHERE clause of a log search: the time range and, when given, text found in any string column (case-insensitive; % and _ are wildcards). */
export function logsWhere(time: string, strings: readonly string[], r: TimeRange, search: string): string {
  const parts = [`${sqlIdent(time)} >= ${tsLiteral(r.start)}`, `${sqlIdent(time)} < ${tsLiteral(r.end)}`];
  const text = search.trim();
  if (text !== '' && strings.length > 0) parts.push(`(${strings.map((c) => `${sqlIdent(c)} ILIKE ${sqlString(`%${text}%`)}`).join(' OR ')})`);
  return parts.join(' AND ');
}
