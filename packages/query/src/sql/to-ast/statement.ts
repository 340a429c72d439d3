import type { CstNode, IToken } from 'chevrotain';
import { isTableOptionName, parseTableOption, SluiceError, StatusCode, TableOptionError, type TableOptions } from '@sluice/pipeline-core';
import type { AlterTableStatement, ColumnDefAst, CreateTableStatement, ModifyColumnAction, Statement } from '../ast/statement.js';
import type { Expr } from '../ast/expr.js';
import { SqlInvalidArgumentError, SqlSyntaxError } from '../errors.js';
import { isGreptimeTableOptionKey } from '../statements/table-option-keys.js';
import { type Children, has, identifierText, node, nodes, posOf, firstToken, stringValue, token, tokens } from './cst.js';
import { nameOrCall, toExpr, typeOf } from './expr.js';
import { toQuery, toTableName } from './query.js';

export function toStatement(n: CstNode, sql = ''): Statement {
  const [child] = Object.values(n.children)[0] as CstNode[];
  const c = child!.children as Children;
  switch (child!.name) {
    case 'query':
      return { kind: 'select', query: toQuery(child!) };
    case 'createStatement':
      return create(c);
    case 'dropStatement':
      return { kind: 'drop', object: has(c, 'Table') ? 'table' : 'database', table: toTableName(node(c, 'tableName')!), ifExists: has(c, 'ifExists') };
    case 'alterStatement':
      return alter(c);
    case 'showStatement':
      return show(c);
    case 'describeStatement':
      return { kind: 'describe', table: toTableName(node(c, 'tableName')!) };
    case 'insertStatement': {
      const cols = nodes(c, 'columns').map(identifierText);
      const q = node(c, 'query');
      return {
        kind: 'insert',
        table: toTableName(node(c, 'tableName')!),
        ...(cols.length > 0 ? { columns: cols } : {}),
        ...(q ? { query: toQuery(q) } : { rows: nodes(c, 'valuesRow').map((r) => nodes(r.children as Children, 'values').map(valueItem)) }),
      };
    }
    case 'deleteStatement': {
      const w = node(c, 'expression');
      return { kind: 'delete', table: toTableName(node(c, 'tableName')!), ...(w ? { where: toExpr(w) } : {}) };
    }
    case 'truncateStatement':
      return { kind: 'truncate', table: toTableName(node(c, 'tableName')!) };
    case 'explainStatement':
      return { kind: 'explain', query: toQuery(node(c, 'query')!), ...(has(c, 'analyze') ? { analyze: true as const } : {}), ...(has(c, 'verbose') ? { verbose: true as const } : {}) };
    case 'adminStatement': {
      const call = node(c, 'nameOrCall')!;
      const first = firstToken(n);
      const text = sql.slice(first.startOffset, lastOffset(n) + 1);
      return { kind: 'admin', call: nameOrCall(call.children as Children), text };
    }
    case 'setStatement': {
      const name = (has(c, 'AtAt') ? '@@' : '') + nodes(c, 'varName').map(identifierText).join('.');
      const v = token(c, 'varValue');
      return { kind: 'set_variable', name, value: v ? (v.image.startsWith("'") ? stringValue(v) : v.image) : identifierText(node(c, 'varWord')!) };
    }
    case 'useStatement':
      return { kind: 'use', db: identifierText(node(c, 'identifier')!) };
    default:
      throw new SluiceError(StatusCode.Internal, `SQL parser: unexpected statement ${child!.name}`);
  }
}

function create(c: Children): Statement {
  if (has(c, 'Database') || has(c, 'Schema')) {
    const withNode = node(c, 'withOptions');
    const options: Record<string, string> = {};
    for (const p of withNode ? nodes(withNode.children as Children, 'optionPair') : []) options[optionKey(p.children as Children).key] = String(optionValue(p.children as Children));
    return { kind: 'create_database', name: identifierText(node(c, 'dbName')!), ifNotExists: has(c, 'ifNotExists'), ...(Object.keys(options).length ? { options } : {}) };
  }
  const like = node(c, 'likeTable');
  if (like) return { kind: 'create_table', table: toTableName(node(c, 'tableName')!), ifNotExists: has(c, 'ifNotExists'), columns: [], primaryKey: [], options: {}, like: toTableName(like) };
  const columns: ColumnDefAst[] = [];
  let timeIndex: string | undefined;
  const primaryKey: string[] = [];
  let pkConstraints = 0;
  for (const el of nodes(c, 'tableElement')) {
    const ec = el.children as Children;
    const ti = node(ec, 'timeIndex');
    if (ti) timeIndex = identifierText(ti);
    else if (has(ec, 'Primary')) {
      pkConstraints++;
      primaryKey.push(...nodes(ec, 'primaryKey').map(identifierText));
    } else columns.push(columnDef(node(ec, 'columnDef')!));
  }
  // GreptimeDB's rules: the primary key is declared once, inline on one column or as one constraint.
  const inlinePk = columns.filter((col) => col.primaryKey).length;
  if (inlinePk > 1) throw new SqlInvalidArgumentError('Illegal primary keys definition: not allowed to inline multiple primary keys in columns options');
  if (pkConstraints + inlinePk > 1) throw new SqlInvalidArgumentError('Illegal primary keys definition: found definitions of primary keys in multiple places');
  const withNode = node(c, 'withOptions');
  const engineNode = node(c, 'engine');
  const engine = engineNode ? identifierText(engineNode).toLowerCase() : undefined;
  const part = node(c, 'partitionClause');
  let partition: CreateTableStatement['partition'];
  if (part) {
    const pc = part.children as Children;
    const word = node(pc, 'columnsWord')!;
    if (identifierText(word).toUpperCase() !== 'COLUMNS') {
      const t = firstToken(word);
      throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `expected PARTITION ON COLUMNS, got '${identifierText(word)}'`);
    }
    partition = { columns: nodes(pc, 'partitionColumn').map(identifierText), rules: nodes(pc, 'partitionRule').map(toExpr) };
  }
  return {
    ...(partition ? { partition } : {}),
    kind: 'create_table',
    ...(engine !== undefined ? { engine } : {}),
    table: toTableName(node(c, 'tableName')!),
    ifNotExists: has(c, 'ifNotExists'),
    columns,
    ...(timeIndex !== undefined ? { timeIndex } : {}),
    primaryKey,
    options: withNode ? tableOptions(nodes(withNode.children as Children, 'optionPair'), engine) : {},
  };
}

export function columnDef(n: CstNode): ColumnDefAst {
  const c = n.children as Children;
  const def = node(c, 'default');
  const t = typeOf(node(c, 'typeName')!);
  const name = identifierText(node(c, 'name')!);
  if (has(c, 'Time') && has(c, 'Null') && !has(c, 'notNull')) throw new SqlInvalidArgumentError(`Invalid column option, column name: ${name}, error: time index column can't be null`);
  return {
    name,
    type: t.type,
    ...(t.sqlType !== undefined ? { sqlType: t.sqlType } : {}),
    nullable: !has(c, 'notNull') && !has(c, 'Time'),
    ...(def ? { default: toExpr(def) } : {}),
    timeIndex: has(c, 'Time'),
    primaryKey: has(c, 'Primary'),
    fulltext: has(c, 'Fulltext'),
    ...columnIndex(c),
  };
}

/** `INVERTED INDEX`, `SKIPPING INDEX WITH (...)`, `VECTOR INDEX WITH (...)` on a column definition. */
function columnIndex(c: Children): Pick<ColumnDefAst, 'index'> {
  const k = node(c, 'indexKind');
  if (!k) return {};
  const kind = identifierText(k).toLowerCase() as 'inverted' | 'skipping' | 'vector';
  const withNode = node(c, 'indexOptions');
  const options: Record<string, string> = {};
  for (const p of withNode ? nodes(withNode.children as Children, 'optionPair') : []) {
    const pc = p.children as Children;
    options[optionKey(pc).key.toLowerCase()] = String(optionValue(pc));
  }
  return { index: { kind, options } };
}

function optionKey(c: Children): { key: string; at: IToken } {
  const kt = token(c, 'keyText');
  if (kt) return { key: stringValue(kt).toLowerCase(), at: kt };
  const parts = nodes(c, 'key');
  return { key: parts.map(identifierText).join('.'), at: firstToken(parts[0]!) };
}

function optionValue(c: Children): string | boolean | number {
  const v = token(c, 'value');
  if (v) {
    if (v.image.startsWith("'")) return stringValue(v);
    if (v.tokenType.name === 'True') return true;
    if (v.tokenType.name === 'False') return false;
    return v.image;
  }
  return identifierText(node(c, 'valueName')!);
}

/** GreptimeDB's metric engine options: a physical table (`physical_metric_table`) and logical tables over it. */
export const METRIC_ENGINE_OPTIONS: ReadonlySet<string> = new Set(['physical_metric_table', 'on_physical_table']);

/**
 * `WITH (ttl = '7d', append_mode = 'true')` through pipeline-core's one table-option parser; other keys
 * GreptimeDB accepts (compaction, memtable, ...) are kept verbatim in `extra`.
 */
function tableOptions(pairs: readonly CstNode[], engine?: string): TableOptions {
  const out: Record<string, unknown> = {};
  const extra: Record<string, string> = {};
  for (const p of pairs) {
    const c = p.children as Children;
    const { key, at } = optionKey(c);
    const pos = posOf(at);
    if (engine === 'metric' && METRIC_ENGINE_OPTIONS.has(key)) {
      const v = String(optionValue(c));
      extra[key] = v;
      if (key === 'on_physical_table') {
        if (v.trim() === '') throw new SqlSyntaxError(pos.line, pos.column, `table option 'on_physical_table': expected the physical table's name`);
        out.physical_table = v.trim();
      }
      continue;
    }
    if (!isTableOptionName(key)) {
      if (!isGreptimeTableOptionKey(key)) throw new SqlInvalidArgumentError(`Unrecognized table option key: ${key}`);
      extra[key] = String(optionValue(c));
      continue;
    }
    try {
      out[key] = parseTableOption(key, optionValue(c));
    } catch (e) {
      if (e instanceof TableOptionError) throw new SqlInvalidArgumentError(`Invalid options at line ${pos.line}, column ${pos.column}: ${e.message}`);
      throw e;
    }
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  return out as TableOptions;
}

function alter(c: Children): Statement {
  const dbName = node(c, 'dbName');
  if (dbName) {
    const oc = node(c, 'alterOptions')!.children as Children;
    if (has(oc, 'Set')) {
      const options: Record<string, string> = {};
      for (const p of nodes(oc, 'optionPair')) options[optionKey(p.children as Children).key] = String(optionValue(p.children as Children));
      return { kind: 'alter_database', name: identifierText(dbName), change: { kind: 'set_options', options } };
    }
    return { kind: 'alter_database', name: identifierText(dbName), change: { kind: 'unset_options', names: tokens(oc, 'unset').map((t) => stringValue(t).toLowerCase()) } };
  }
  const table = toTableName(node(c, 'tableName')!);
  const [first, ...rest] = nodes(c, 'alterTableAction').map((n) => alterTableChange(n.children as Children));
  return { kind: 'alter_table', table, change: first!, ...(rest.length > 0 ? { more: rest } : {}) };
}

function alterTableChange(a: Children): AlterTableStatement['change'] {
  if (has(a, 'Add')) {
    const after = node(a, 'after');
    const position = has(a, 'First') ? { first: true as const } : after ? { after: identifierText(after) } : undefined;
    return { kind: 'add_column', column: columnDef(node(a, 'columnDef')!), ...(position ? { position } : {}), ...(has(a, 'ifNotExists') ? { ifNotExists: true as const } : {}) };
  }
  const drop = node(a, 'dropColumn');
  if (drop) return { kind: 'drop_column', name: identifierText(drop) };
  const from = node(a, 'renameFrom');
  if (from) return { kind: 'rename_column', from: identifierText(from), to: identifierText(node(a, 'renameTo')!) };
  const newName = node(a, 'newName');
  if (newName) return { kind: 'rename_table', to: identifierText(newName) };
  const newNameText = token(a, 'newNameText');
  if (newNameText) return { kind: 'rename_table', to: stringValue(newNameText) };
  const mod = node(a, 'modifyColumn');
  if (mod) return { kind: 'modify_column', name: identifierText(mod), action: modifyAction(a) };
  const oc = node(a, 'alterOptions')!.children as Children;
  if (has(oc, 'Set')) return { kind: 'set_options', options: tableOptions(nodes(oc, 'optionPair')) };
  const names = tokens(oc, 'unset').map((t) => {
    const name = stringValue(t).toLowerCase();
    if (!isTableOptionName(name) && !isGreptimeTableOptionKey(name)) throw new SqlInvalidArgumentError(`Unrecognized table option key: ${name}`);
    return name;
  });
  return { kind: 'unset_options', names: names as (keyof TableOptions)[] };
}

function modifyAction(a: Children): ModifyColumnAction {
  const def = node(a, 'setDefault');
  if (def) return { kind: 'set_default', default: toExpr(def) };
  if (has(a, 'dropDefault')) return { kind: 'drop_default' };
  const set = node(a, 'setIndex');
  if (set) return { kind: 'set_index', index: indexKind(set) };
  const unset = node(a, 'unsetIndex');
  if (unset) return { kind: 'unset_index', index: indexKind(unset) };
  const t = typeOf(node(a, 'newType')!);
  return { kind: 'set_type', type: t.type, typeText: t.typeText, ...(t.sqlType !== undefined ? { sqlType: t.sqlType } : {}) };
}

function indexKind(n: CstNode): 'fulltext' | 'inverted' | 'skipping' {
  const k = identifierText(node(n.children as Children, 'indexKind')!);
  if (k === 'fulltext' || k === 'inverted' || k === 'skipping') return k;
  const t = firstToken(n);
  throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `unknown index kind '${k}', expected FULLTEXT, INVERTED or SKIPPING`);
}

/** The offset of the last token under a CST node. */
function lastOffset(n: CstNode): number {
  let end = -1;
  for (const list of Object.values(n.children)) {
    for (const x of list) end = Math.max(end, 'children' in x ? lastOffset(x) : (x.endOffset ?? x.startOffset));
  }
  return end;
}

function show(c: Children): Statement {
  const likeNode = node(c, 'likeClause');
  const like = likeNode ? { like: stringValue(token(likeNode.children as Children, 'StringLiteral')!) } : {};
  if (has(c, 'Databases') || has(c, 'Schemas')) return { kind: 'show_databases', ...like };
  if (has(c, 'Tables')) {
    const db = node(c, 'db');
    return { kind: 'show_tables', ...(db ? { db: identifierText(db) } : {}), ...like };
  }
  const createDb = node(c, 'createDb');
  if (createDb) return { kind: 'show_create_database', db: identifierText(createDb) };
  const indexTable = node(c, 'indexTable');
  if (indexTable) {
    const table = toTableName(indexTable);
    const db = node(c, 'indexDb');
    return { kind: 'show_index', table: db ? { ...table, db: identifierText(db) } : table };
  }
  return { kind: 'show_create_table', table: toTableName(node(c, 'tableName')!) };
}

/** An INSERT value: `DEFAULT` or an expression. */
function valueItem(n: CstNode): Expr | 'default' {
  const c = n.children as Children;
  return has(c, 'Default') ? 'default' : toExpr(node(c, 'expression')!);
}
