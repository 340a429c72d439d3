import { tableOptionsToStrings } from '@sluice/pipeline-core';
import type { TableInfo } from '@sluice/storage';
import type { ShowCreateTableStatement } from '../ast/statement.js';
import { resolveTable } from '../planner/source.js';
import { sqlTypeName } from '../types/type-names.js';
import { defaultText } from './describe.js';
import { records } from './records.js';
import { queryEnv, type Executor } from './session.js';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The CREATE TABLE text for a table, in GreptimeDB's layout. */
export function createTableText(t: TableInfo): string {
  const lines = t.columns.map((c) => {
    let line = `  ${q(c.name)} ${sqlTypeName(c.type)}${c.nullable ? ' NULL' : ' NOT NULL'}`;
    if (c.default !== undefined && c.default !== null) line += ` DEFAULT ${typeof c.default === 'string' ? `'${c.default.replace(/'/g, "''")}'` : defaultText(c)}`;
    if (c.index === 'fulltext') line += ' FULLTEXT INDEX';
    return line;
  });
  lines.push(`  TIME INDEX (${q(t.timeIndex)})`);
  if (t.primaryKey.length > 0) lines.push(`  PRIMARY KEY (${t.primaryKey.map(q).join(', ')})`);
  const opts = Object.entries(tableOptionsToStrings(t.options));
  let text = `CREATE TABLE IF NOT EXISTS ${q(t.name)} (\n${lines.join(',\n')}\n)\n\nENGINE=mito\n`;
  if (opts.length > 0) text += `WITH(\n${opts.map(([k, v]) => `  ${k} = '${v}'`).join(',\n')}\n)`;
  return text;
}

export const executeShowCreateTable: Executor<ShowCreateTableStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  return records([{ name: 'Table', type: 'string' }, { name: 'Create Table', type: 'string' }], [[t.name, createTableText(t)]]);
};
