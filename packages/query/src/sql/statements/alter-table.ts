import type { Value } from '@sluice/pipeline-core';
import type { AlterTable } from '@sluice/storage';
import type { AlterTableStatement, ModifyColumnAction } from '../ast/statement.js';
import { SqlInvalidArgumentError, SqlUnsupportedError } from '../errors.js';
import { ColumnNotFoundError } from '@sluice/storage';
import { resolveTable } from '../planner/source.js';
import { toColumnDef } from './column-def.js';
import { requireAppendModeForJson2 } from '../types/json2-rules.js';
import { affected, queryEnv, type Executor, type Session } from './session.js';

export const executeAlterTable: Executor<AlterTableStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  const ch = stmt.change;
  let change: AlterTable;
  switch (ch.kind) {
    case 'add_column': {
      if (ch.column.timeIndex) throw new SqlInvalidArgumentError(`ALTER TABLE ${t.name}: cannot add a TIME INDEX column`);
      const col = toColumnDef(ch.column, ch.column.primaryKey ? 'tag' : 'field', s.ctx);
      if (!col.nullable && col.default === undefined) {
        throw new SqlInvalidArgumentError(`Invalid alter table(${t.name}) request: no default value for column ${col.name}`);
      }
      requireAppendModeForJson2([col], t.options?.append_mode);
      change = { kind: 'add_column', column: col, ...(ch.position ? { position: ch.position } : {}) };
      break;
    }
    case 'drop_column':
    case 'rename_column':
    case 'set_options':
    case 'unset_options':
      change = ch;
      break;
    case 'rename_table':
      throw new SqlUnsupportedError(`ALTER TABLE ${t.name} RENAME: renaming tables is not supported`);
    case 'modify_column':
      change = modifyColumn(t.name, ch.name, ch.action, t.columns, s, t);
      break;
  }
  await s.store.alterTable(t.db, t.name, change);
  return affected(0);
};

function modifyColumn(table: string, name: string, a: ModifyColumnAction, cols: readonly { name: string; type: import('@sluice/pipeline-core').ColumnType; nullable: boolean }[], s: Session, info: { readonly primaryKey: readonly string[]; readonly timeIndex: string }): AlterTable {
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
      throw new SqlUnsupportedError(`ALTER TABLE ${table} MODIFY COLUMN ${name} ${a.typeText}: changing a column's type is not supported`);
  }
}
