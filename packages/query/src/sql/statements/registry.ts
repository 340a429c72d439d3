import type { Statement, StatementKind } from '../ast/statement.js';
import { executeAlterTable } from './alter-table.js';
import { executeCreateDatabase } from './create-database.js';
import { executeCreateTable } from './create-table.js';
import { executeDelete } from './delete.js';
import { executeDescribe } from './describe.js';
import { executeDrop } from './drop.js';
import { executeInsert } from './insert.js';
import { executeSelect } from './select.js';
import { executeShowCreateTable } from './show-create-table.js';
import { executeShowDatabases, executeShowTables } from './show.js';
import { executeShowCreateDatabase, executeShowIndex } from './show-index.js';
import { executeTruncate } from './truncate.js';
import { executeUse } from './use.js';
import { executeSetVariable } from './set-variable.js';
import { executeExplain } from './explain.js';
import { executeAdmin } from './admin.js';
import { executeAlterDatabase } from './alter-database.js';
import { executeTql } from './tql.js';
import type { Executor } from './session.js';

type Executors = { [K in StatementKind]: Executor<Extract<Statement, { kind: K }>> };

/** One executor per statement kind: a new kind without an executor is a type error. */
export const EXECUTORS: Executors = {
  select: executeSelect,
  create_database: executeCreateDatabase,
  create_table: executeCreateTable,
  drop: executeDrop,
  alter_table: executeAlterTable,
  show_databases: executeShowDatabases,
  show_tables: executeShowTables,
  show_create_table: executeShowCreateTable,
  show_create_database: executeShowCreateDatabase,
  show_index: executeShowIndex,
  describe: executeDescribe,
  insert: executeInsert,
  delete: executeDelete,
  truncate: executeTruncate,
  use: executeUse,
  set_variable: executeSetVariable,
  explain: executeExplain,
  alter_database: executeAlterDatabase,
  admin: executeAdmin,
  tql: executeTql,
};
