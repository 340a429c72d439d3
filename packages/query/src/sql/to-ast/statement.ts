import type { CstNode, IToken } from 'chevrotain';
import { isTableOptionName, parseTableOption, SluiceError, StatusCode, TableOptionError, type TableOptions } from '@sluice/pipeline-core';
import type { ColumnDefAst, Statement } from '../ast/statement.js';
import { SqlSyntaxError } from '../errors.js';
import { type Children, has, identifierText, node, nodes, posOf, firstToken, stringValue, token, tokens } from './cst.js';
import { toExpr, typeOf } from './expr.js';
import { toQuery, toTableName } from './query.js';

export function toStatement(n: CstNode): Statement {
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
        ...(q ? { query: toQuery(q) } : { rows: nodes(c, 'valuesRow').map((r) => nodes(r.children as Children, 'values').map(toExpr)) }),
      };
    }
    case 'deleteStatement': {
      const w = node(c, 'expression');
      return { kind: 'delete', table: toTableName(node(c, 'tableName')!), ...(w ? { where: toExpr(w) } : {}) };
    }
    case 'truncateStatement':
      return { kind: 'truncate', table: toTableName(node(c, 'tableName')!) };
    case 'explainStatement':
      return { kind: 'explain', query: toQuery(node(c, 'query')!) };
    case 'useStatement':
      return { kind: 'use', db: identifierText(node(c, 'identifier')!) };
    default:
      throw new SluiceError(StatusCode.Internal, `SQL parser: unexpected statement ${child!.name}`);
  }
}

function create(c: Children): Statement {
  if (has(c, 'Database') || has(c, 'Schema')) {
    return { kind: 'create_database', name: identifierText(node(c, 'dbName')!), ifNotExists: has(c, 'ifNotExists') };
  }
  const columns: ColumnDefAst[] = [];
  let timeIndex: string | undefined;
  const primaryKey: string[] = [];
  for (const el of nodes(c, 'tableElement')) {
    const ec = el.children as Children;
    const ti = node(ec, 'timeIndex');
    if (ti) timeIndex = identifierText(ti);
    else if (has(ec, 'Primary')) primaryKey.push(...nodes(ec, 'primaryKey').map(identifierText));
    else columns.push(columnDef(node(ec, 'columnDef')!));
  }
  const withNode = node(c, 'withOptions');
  const engineNode = node(c, 'engine');
  const engine = engineNode ? identifierText(engineNode).toLowerCase() : undefined;
  return {
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
  return {
    name: identifierText(node(c, 'name')!),
    type: typeOf(node(c, 'typeName')!).type,
    nullable: !has(c, 'notNull') && !has(c, 'Time'),
    ...(def ? { default: toExpr(def) } : {}),
    timeIndex: has(c, 'Time'),
    primaryKey: has(c, 'Primary'),
    fulltext: has(c, 'Fulltext'),
  };
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

/** `WITH (ttl = '7d', append_mode = 'true')` through pipeline-core's one table-option parser. */
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
      // Options GreptimeDB accepts that Sluice's store has no use for (compaction, memtable, ...) are rejected by name.
      throw new SqlSyntaxError(pos.line, pos.column, `unknown table option '${key}'`);
    }
    try {
      out[key] = parseTableOption(key, optionValue(c));
    } catch (e) {
      if (e instanceof TableOptionError) throw new SqlSyntaxError(pos.line, pos.column, e.message);
      throw e;
    }
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  return out as TableOptions;
}

function alter(c: Children): Statement {
  const table = toTableName(node(c, 'tableName')!);
  if (has(c, 'Add')) return { kind: 'alter_table', table, change: { kind: 'add_column', column: columnDef(node(c, 'columnDef')!) } };
  if (has(c, 'Set')) return { kind: 'alter_table', table, change: { kind: 'set_options', options: tableOptions(nodes(c, 'optionPair')) } };
  const names = tokens(c, 'unset').map((t) => {
    const name = stringValue(t).toLowerCase();
    if (!isTableOptionName(name)) throw new SqlSyntaxError(t.startLine ?? 1, t.startColumn ?? 1, `unknown table option '${name}'`);
    return name;
  });
  return { kind: 'alter_table', table, change: { kind: 'unset_options', names } };
}

function show(c: Children): Statement {
  const likeNode = node(c, 'likeClause');
  const like = likeNode ? { like: stringValue(token(likeNode.children as Children, 'StringLiteral')!) } : {};
  if (has(c, 'Databases') || has(c, 'Schemas')) return { kind: 'show_databases', ...like };
  if (has(c, 'Tables')) {
    const db = node(c, 'db');
    return { kind: 'show_tables', ...(db ? { db: identifierText(db) } : {}), ...like };
  }
  return { kind: 'show_create_table', table: toTableName(node(c, 'tableName')!) };
}
