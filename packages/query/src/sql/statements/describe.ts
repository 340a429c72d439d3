import { stringifyExact, toPlain, type Value } from '@sluice/pipeline-core';
import type { ColumnDef, TableInfo } from '@sluice/storage';
import type { DescribeStatement } from '../ast/statement.js';
import { resolveTable } from '../planner/source.js';
import { displayTypeOf } from '../types/logical-type.js';
import { physicalDescColumns } from './metric-engine.js';
import { records } from './records.js';
import { queryEnv, type Executor } from './session.js';

export function defaultText(c: ColumnDef): string {
  if (c.defaultFunction !== undefined) return c.defaultFunction;
  if (c.default === undefined || c.default === null) return '';
  return typeof c.default === 'string' ? c.default : stringifyExact(toPlain(c.default as Value));
}

/** GreptimeDB marks the time index and the primary key columns `PRI`. */
function keyOf(t: TableInfo, c: ColumnDef): string {
  return c.name === t.timeIndex || t.primaryKey.includes(c.name) || c.semantic === 'tag' ? 'PRI' : '';
}

function semanticOf(t: TableInfo, c: ColumnDef): string {
  if (c.name === t.timeIndex) return 'TIMESTAMP';
  return t.primaryKey.includes(c.name) || c.semantic === 'tag' ? 'TAG' : 'FIELD';
}

/** `DESC TABLE t`: Column, Type, Key, Null, Default, Semantic Type (GreptimeDB's layout). */
export const executeDescribe: Executor<DescribeStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  return records(
    ['Column', 'Type', 'Key', 'Null', 'Default', 'Semantic Type'].map((name) => ({ name, type: 'string' as const })),
    physicalDescColumns(s.store, t).map((c) => [c.name, displayTypeOf(c), keyOf(t, c), c.nullable ? 'YES' : 'NO', defaultText(c), semanticOf(t, c)]),
  );
};
