import type { Value } from '@sluice/pipeline-core';
import type { AlterTable, ColumnPosition } from '@sluice/storage';
import type { AlterTableStatement, ModifyColumnAction } from '../ast/statement.js';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { SqlInvalidArgumentError } from '../errors.js';
import { ColumnNotFoundError, TableAlreadyExistsError } from '@sluice/storage';
import { resolveTable } from '../planner/source.js';
import { toColumnDef } from './column-def.js';
import { requireAppendModeForJson2 } from '../types/json2-rules.js';
import { addTagsToPhysical, checkPhysicalAlter } from './metric-engine.js';
import { affected, queryEnv, type Executor, type Session } from './session.js';

/** Where a column goes in a table whose columns are sorted by name: after the last smaller name, or first. */
function sortedPosition(cols: readonly { name: string }[], name: string): ColumnPosition {
  const before = cols.filter((c) => c.name < name).pop();
  return before ? { after: before.name } : { first: true };
}

/** GreptimeDB's table name rule (its `NAME_PATTERN`). */
const TABLE_NAME = /^[a-zA-Z_:-][a-zA-Z0-9_:\-.@#]*$/;

/** Applies the statement's actions in order (each its own store change; an action that fails stops the rest). */
export const executeAlterTable: Executor<AlterTableStatement> = async (stmt, s) => {
  for (const change of [stmt.change, ...(stmt.more ?? [])]) {
    const to = await alterOnce({ ...stmt, change }, s);
    if (to !== undefined) stmt = { ...stmt, table: { ...stmt.table, name: to } };
  }
  return affected(0);
};

/** One action; returns the new table name after a RENAME. */
async function alterOnce(stmt: AlterTableStatement, s: Session): Promise<string | undefined> {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  const ch = stmt.change;
  let change: AlterTable;
  switch (ch.kind) {
    case 'add_column': {
      // ADD COLUMN IF NOT EXISTS of a column the table has: nothing to do.
      if (ch.ifNotExists && t.columns.some((c) => c.name === ch.column.name)) return undefined;
      if (ch.column.timeIndex) throw new SqlInvalidArgumentError(`ALTER TABLE ${t.name}: cannot add a TIME INDEX column`);
      const col = toColumnDef(ch.column, ch.column.primaryKey ? 'tag' : 'field', s.ctx);
      if (!col.nullable && col.default === undefined) {
        throw new SqlInvalidArgumentError(`Invalid alter table(${t.name}) request: no default value for column ${col.name}`);
      }
      requireAppendModeForJson2([col], t.options?.append_mode);
      // A logical metric table keeps its columns sorted by name.
      const position = t.options.physical_table !== undefined ? sortedPosition(t.columns, col.name) : ch.position;
      change = { kind: 'add_column', column: col, ...(position ? { position } : {}) };
      break;
    }
    case 'drop_column':
    case 'rename_column':
    case 'set_options':
    case 'unset_options':
      change = ch;
      break;
    case 'rename_table':
      if (!TABLE_NAME.test(ch.to)) throw new SluiceError(StatusCode.Unexpected, `Unexpected, violated: Invalid table name: ${ch.to}`);
      if (s.store.getTable(t.db, ch.to)) throw new TableAlreadyExistsError(t.db, ch.to);
      change = ch;
      break;
    case 'modify_column':
      change = modifyColumn(t.name, ch.name, ch.action, t.columns, s, t);
      break;
  }
  checkPhysicalAlter(t, change.kind);
  await s.store.alterTable(t.db, t.name, change);
  const phy = t.options.physical_table;
  if (phy !== undefined && change.kind === 'add_column' && change.column.semantic === 'tag') await addTagsToPhysical(s.store, t.db, phy, [change.column.name]);
  return change.kind === 'rename_table' ? change.to : undefined;
}

function modifyColumn(table: string, name: string, a: ModifyColumnAction, cols: readonly { name: string; type: import('@sluice/pipeline-core').ColumnType; nullable: boolean; sqlType?: string }[], s: Session, info: { readonly primaryKey: readonly string[]; readonly timeIndex: string }): AlterTable {
  const col = cols.find((c) => c.name === name);
  switch (a.kind) {
    case 'set_default': {
      if (!col) return { kind: 'modify_column', name, default: null }; // the store names the missing column
      const def = toColumnDef({ name, type: col.type, nullable: col.nullable, default: a.default, timeIndex: false, primaryKey: false, fulltext: false }, 'field', s.ctx);
      const v: Value = def.default ?? null;
      if (v === null && !col.nullable) throw new SqlInvalidArgumentError('Default value should not be null for non null column');
      return { kind: 'modify_column', name, default: v };
    }
    case 'drop_default':
      return { kind: 'modify_column', name, default: null };
    case 'set_index':
      return { kind: 'modify_column', name, index: a.index };
    case 'unset_index':
      return { kind: 'modify_column', name, index: null };
    case 'set_type':
      if (!col) throw new ColumnNotFoundError(table, name);
      if (info.primaryKey.includes(name)) throw new SqlInvalidArgumentError(`Invalid alter table(${table}) request: Not allowed to change primary key index column '${name}'`);
      if (info.timeIndex === name) throw new SqlInvalidArgumentError(`Invalid alter table(${table}) request: Not allowed to change timestamp index column '${name}' datatype`);
      if (!col.nullable) throw new SqlInvalidArgumentError(`Invalid alter table(${table}) request: column '${name}' must be nullable to ensure safe conversion.`);
      if (a.sqlType !== undefined && a.sqlType !== col.sqlType) throw new SqlInvalidArgumentError(`Invalid alter table(${table}) request: column '${name}' cannot be cast automatically to type '${a.typeText}'`);
      return { kind: 'change_column_type', name, type: a.type };
  }
}
