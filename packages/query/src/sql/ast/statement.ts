import type { ColumnType, TableOptions } from '@sluice/pipeline-core';
import type { Expr, Pos } from './expr.js';
import type { Query } from './query.js';

export interface TableName { readonly db?: string; readonly name: string; readonly pos: Pos }

export interface ColumnDefAst {
  readonly name: string;
  readonly type: ColumnType;
  /** A SQL type refining `type` (types/logical-type.ts): `VECTOR(3)`, `JSON2`. */
  readonly sqlType?: string;
  readonly nullable: boolean;
  readonly default?: Expr;
  readonly timeIndex: boolean;
  readonly primaryKey: boolean;
  readonly fulltext: boolean;
  /** `INVERTED INDEX`, `SKIPPING INDEX WITH (...)`, `VECTOR INDEX WITH (...)` (options as text). */
  readonly index?: { readonly kind: 'inverted' | 'skipping' | 'vector'; readonly options: Readonly<Record<string, string>> };
}

export interface SelectStatement { readonly kind: 'select'; readonly query: Query }
export interface CreateDatabaseStatement { readonly kind: 'create_database'; readonly name: string; readonly ifNotExists: boolean; readonly options?: Readonly<Record<string, string>> }
export interface CreateTableStatement {
  readonly kind: 'create_table';
  readonly table: TableName;
  /** `ENGINE = <name>`, lower-cased (`mito`, `metric`); absent when not written. */
  readonly engine?: string;
  readonly ifNotExists: boolean;
  readonly columns: readonly ColumnDefAst[];
  readonly timeIndex?: string;
  readonly primaryKey: readonly string[];
  readonly options: TableOptions;
  /** `PARTITION ON COLUMNS (...) (...)`: the partition columns and rules (Sluice keeps one region per table). */
  readonly partition?: { readonly columns: readonly string[]; readonly rules: readonly Expr[] };
  /** `CREATE TABLE t2 LIKE t1`: the table to copy (columns, keys, options); `columns` is then empty. */
  readonly like?: TableName;
}
export interface DropStatement { readonly kind: 'drop'; readonly object: 'table' | 'database'; readonly table: TableName; readonly ifExists: boolean }
export interface AlterTableStatement {
  readonly kind: 'alter_table';
  readonly table: TableName;
  readonly change:
    | { readonly kind: 'add_column'; readonly column: ColumnDefAst; readonly position?: { readonly first: true } | { readonly after: string }; readonly ifNotExists?: true }
    | { readonly kind: 'drop_column'; readonly name: string }
    | { readonly kind: 'rename_column'; readonly from: string; readonly to: string }
    | { readonly kind: 'rename_table'; readonly to: string }
    | { readonly kind: 'modify_column'; readonly name: string; readonly action: ModifyColumnAction }
    | { readonly kind: 'set_options'; readonly options: TableOptions }
    | { readonly kind: 'unset_options'; readonly names: readonly (keyof TableOptions)[] };
  /** Further comma-separated actions of the same statement, applied after `change` in order. */
  readonly more?: readonly AlterTableStatement['change'][];
}
/** `ALTER TABLE t MODIFY COLUMN c ...`. */
export type ModifyColumnAction =
  | { readonly kind: 'set_default'; readonly default: Expr }
  | { readonly kind: 'drop_default' }
  | { readonly kind: 'set_index'; readonly index: 'fulltext' | 'inverted' | 'skipping' }
  | { readonly kind: 'unset_index'; readonly index: 'fulltext' | 'inverted' | 'skipping' }
  | { readonly kind: 'set_type'; readonly type: ColumnType; readonly typeText: string; readonly sqlType?: string };
export interface AlterDatabaseStatement {
  readonly kind: 'alter_database';
  readonly name: string;
  readonly change: { readonly kind: 'set_options'; readonly options: Readonly<Record<string, string>> } | { readonly kind: 'unset_options'; readonly names: readonly string[] };
}
/** `ADMIN fn(args)`; `text` is the statement as written (GreptimeDB names the result column with it). */
export interface AdminStatement { readonly kind: 'admin'; readonly call: Expr; readonly text: string }
export interface ShowDatabasesStatement { readonly kind: 'show_databases'; readonly like?: string }
export interface ShowTablesStatement { readonly kind: 'show_tables'; readonly db?: string; readonly like?: string }
export interface ShowCreateTableStatement { readonly kind: 'show_create_table'; readonly table: TableName }
export interface ShowCreateDatabaseStatement { readonly kind: 'show_create_database'; readonly db: string }
export interface ShowIndexStatement { readonly kind: 'show_index'; readonly table: TableName }
export interface DescribeStatement { readonly kind: 'describe'; readonly table: TableName }
export interface InsertStatement {
  readonly kind: 'insert';
  readonly table: TableName;
  readonly columns?: readonly string[];
  /** VALUES rows; `'default'` is a `DEFAULT` value (the column's default). */
  readonly rows?: readonly (readonly (Expr | 'default')[])[];
  readonly query?: Query;
}
export interface DeleteStatement { readonly kind: 'delete'; readonly table: TableName; readonly where?: Expr }
export interface TruncateStatement { readonly kind: 'truncate'; readonly table: TableName }
export interface UseStatement { readonly kind: 'use'; readonly db: string }
/** `SET [SESSION] name = value` (`time_zone` changes the zone of the statements after it in the request). */
export interface SetVariableStatement { readonly kind: 'set_variable'; readonly name: string; readonly value: string }
/** `EXPLAIN [ANALYZE [VERBOSE]] query`: ANALYZE runs the query and reports what it read and returned. */
export interface ExplainStatement { readonly kind: 'explain'; readonly query: Query; readonly analyze?: true; readonly verbose?: true }

/** `TQL EVAL|EXPLAIN (start, end, step[, lookback]) <PromQL>`; parameters kept as written, evaluated when run. */
export interface TqlStatement {
  readonly kind: 'tql';
  readonly mode: 'eval' | 'explain' | 'analyze';
  readonly start: string;
  readonly end: string;
  readonly step: string;
  readonly lookback?: string;
  readonly query: string;
}

/** Every statement; the engine dispatches through `Record<Statement['kind'], fn>`. */
export type Statement =
  | SelectStatement | CreateDatabaseStatement | CreateTableStatement | DropStatement | AlterTableStatement
  | ShowDatabasesStatement | ShowTablesStatement | ShowCreateTableStatement | ShowCreateDatabaseStatement | ShowIndexStatement | DescribeStatement
  | InsertStatement | DeleteStatement | TruncateStatement | UseStatement | ExplainStatement | TqlStatement
  | AlterDatabaseStatement | AdminStatement | SetVariableStatement;

export type StatementKind = Statement['kind'];
