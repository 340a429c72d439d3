import { createDatabaseText } from './database-options.js';
import type { Value } from '@sluice/pipeline-core';
import type { ShowCreateDatabaseStatement, ShowIndexStatement } from '../ast/statement.js';
import { BUILTIN_DATABASES } from '../catalog/builtin-tables.js';
import { DatabaseNotFoundError } from '../errors.js';
import { resolveTable } from '../planner/source.js';
import { records } from './records.js';
import { queryEnv, type Executor } from './session.js';

const INDEX_COLUMNS = [
  'Table', 'Non_unique', 'Key_name', 'Seq_in_index', 'Column_name', 'Collation', 'Cardinality', 'Sub_part', 'Packed', 'Null',
  'Index_type', 'Comment', 'Index_comment', 'Visible', 'Expression',
];

/**
 * `SHOW INDEX FROM t`: one row per indexed column in MySQL's layout, as GreptimeDB answers: the primary
 * key (`PRIMARY`, in key order), the time index (`TIME INDEX`) and each column's secondary index
 * (`FULLTEXT_INDEX_<col>`, `INVERTED_INDEX_<col>`, `SKIPPING_INDEX_<col>`), ordered by index name.
 */
export const executeShowIndex: Executor<ShowIndexStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  const nullable = (name: string) => (t.columns.find((c) => c.name === name)?.nullable ? 'YES' : '');
  const row = (unique: boolean, key: string, seq: number, column: string, nul: string, type: string): Value[] =>
    [t.name, unique ? 0 : 1, key, seq, column, 'A', null, null, null, nul, type, '', '', 'YES', null];
  const rows: Value[][] = [
    ...t.primaryKey.map((k, i) => row(true, 'PRIMARY', i + 1, k, nullable(k), 'PRIMARY')),
    row(false, 'TIME INDEX', 1, t.timeIndex, '', 'TIME'),
    ...t.columns.flatMap((c) => (c.index ? [row(false, `${c.index.toUpperCase()}_INDEX_${c.name}`, 1, c.name, c.nullable ? 'YES' : '', c.index.toUpperCase())] : [])),
  ];
  rows.sort((a, b) => (a[2] as string).localeCompare(b[2] as string) || (a[3] as number) - (b[3] as number));
  return records(INDEX_COLUMNS.map((name) => ({ name, type: name === 'Non_unique' || name === 'Seq_in_index' ? ('int64' as const) : ('string' as const) })), rows);
};

/** `SHOW CREATE DATABASE db`: the statement that recreates it, with its options. */
export const executeShowCreateDatabase: Executor<ShowCreateDatabaseStatement> = async (stmt, s) => {
  if (!BUILTIN_DATABASES.includes(stmt.db) && !s.store.listDatabases().includes(stmt.db)) throw new DatabaseNotFoundError(stmt.db);
  return records([{ name: 'Database', type: 'string' }, { name: 'Create Database', type: 'string' }], [[stmt.db, createDatabaseText(stmt.db, s.store.databaseOptions?.(stmt.db) ?? {})]]);
};
