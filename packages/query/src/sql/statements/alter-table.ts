import type { AlterTableStatement } from '../ast/statement.js';
import { SqlInvalidArgumentError } from '../errors.js';
import { resolveTable } from '../planner/source.js';
import { toColumnDef } from './column-def.js';
import { affected, queryEnv, type Executor } from './session.js';

export const executeAlterTable: Executor<AlterTableStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  const ch = stmt.change;
  switch (ch.kind) {
    case 'add_column': {
      if (ch.column.timeIndex) throw new SqlInvalidArgumentError(`ALTER TABLE ${t.name}: cannot add a TIME INDEX column`);
      const col = toColumnDef(ch.column, ch.column.primaryKey ? 'tag' : 'field', s.ctx);
      if (!col.nullable && col.default === undefined) {
        throw new SqlInvalidArgumentError(`ALTER TABLE ${t.name}: new column '${col.name}' is NOT NULL and needs a DEFAULT`);
      }
      await s.store.alterTable(t.db, t.name, { kind: 'add_column', column: col });
      break;
    }
    case 'set_options':
      await s.store.alterTable(t.db, t.name, { kind: 'set_options', options: ch.options });
      break;
    case 'unset_options':
      await s.store.alterTable(t.db, t.name, { kind: 'unset_options', names: ch.names });
      break;
  }
  return affected(0);
};
