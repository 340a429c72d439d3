import { formatHumantime, type TableOptions } from '@sluice/pipeline-core';
import type { ColumnDef, TableDef } from '@sluice/storage';
import type { ShowCreateTableStatement } from '../ast/statement.js';
import { resolveTable } from '../planner/source.js';
import { sqlTypeName } from '../types/type-names.js';
import { sqlSpellingOf } from '../types/logical-type.js';
import { defaultText } from './describe.js';
import { records } from './records.js';
import { isMetricTable } from './metric-engine.js';
import { queryEnv, type Executor } from './session.js';

/** How the text is laid out: SHOW CREATE TABLE (`"`, a blank line before ENGINE) or a pipeline's DDL (`` ` ``, none). */
export interface CreateTableStyle {
  readonly quote: '"' | '`';
  readonly blankBeforeEngine: boolean;
}

const SHOW_STYLE: CreateTableStyle = { quote: '"', blankBeforeEngine: true };

/** GreptimeDB's defaults, filled in when a transform or DDL gave no option (SHOW CREATE TABLE prints them all). */
const FULLTEXT_DEFAULTS: Readonly<Record<string, string>> = { analyzer: 'English', backend: 'bloom', case_sensitive: 'false', false_positive_rate: '0.01', granularity: '10240' };
const SKIPPING_DEFAULTS: Readonly<Record<string, string>> = { false_positive_rate: '0.01', granularity: '10240', type: 'BLOOM' };
const CANONICAL: Readonly<Record<string, (v: string) => string>> = {
  analyzer: (v) => (v.toLowerCase() === 'chinese' ? 'Chinese' : 'English'),
  backend: (v) => v.toLowerCase(),
  case_sensitive: (v) => v.toLowerCase(),
  type: (v) => v.toUpperCase(),
};

/** Escapes a value as Rust's `escape_debug` does for the characters that matter here. */
function escapeValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
}

/** `k = 'v'` pairs in key order; a key with a dot is quoted (GreptimeDB's OptionMap). */
function kvPairs(map: Readonly<Record<string, string>>): string[] {
  return Object.keys(map)
    .sort()
    .map((k) => `${k.includes('.') ? `'${k}'` : k} = '${escapeValue(map[k]!)}'`);
}

function indexClause(c: ColumnDef): string {
  if (c.index === 'inverted') return ' INVERTED INDEX';
  const defaults = c.index === 'fulltext' ? FULLTEXT_DEFAULTS : c.index === 'skipping' ? SKIPPING_DEFAULTS : undefined;
  if (defaults === undefined) return '';
  const opts: Record<string, string> = { ...defaults };
  for (const [k, v] of Object.entries(c.indexOptions ?? {})) opts[k] = CANONICAL[k]?.(v) ?? v;
  if (c.index === 'fulltext' && opts.backend !== 'bloom') {
    delete opts.granularity;
    delete opts.false_positive_rate;
  }
  return ` ${c.index === 'fulltext' ? 'FULLTEXT' : 'SKIPPING'} INDEX WITH(${kvPairs(opts).join(', ')})`;
}

/**
 * Table options as GreptimeDB's SHOW CREATE TABLE prints them: one map sorted by key, the table
 * comment under the key `'comment'` (quote included, so it sorts first), a TTL in humantime words
 * (`'7days'`), `skip_wal` only when true, `physical_table` as `on_physical_table`.
 */
export function createTableOptions(o: TableOptions, includeComment = true): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.extra ?? {})) {
    if (k === 'comment') {
      if (includeComment) out["'comment'"] = v;
    } else out[k] = v;
  }
  if (o.ttl !== undefined) out.ttl = o.ttl === 'forever' ? 'forever' : formatHumantime(o.ttl.ms);
  if (o.append_mode !== undefined) out.append_mode = String(o.append_mode);
  if (o.merge_mode !== undefined) out.merge_mode = o.merge_mode;
  if (o.skip_wal === true) out.skip_wal = 'true';
  if (o.physical_table !== undefined) out.on_physical_table = o.physical_table;
  return out;
}

/** The CREATE TABLE text for a table, in GreptimeDB's layout. */
export function createTableText(t: Pick<TableDef, 'name' | 'columns' | 'timeIndex' | 'primaryKey' | 'options'>, style: CreateTableStyle = SHOW_STYLE): string {
  const q = (name: string) => `${style.quote}${name.split(style.quote).join(style.quote + style.quote)}${style.quote}`;
  const lines = t.columns.map((c) => {
    let line = `  ${q(c.name)} ${sqlSpellingOf(c) ?? sqlTypeName(c.type)}${c.nullable ? ' NULL' : ' NOT NULL'}`;
    if (c.defaultFunction !== undefined) line += ` DEFAULT ${c.defaultFunction}`;
    else if (c.default !== undefined && c.default !== null) line += ` DEFAULT ${typeof c.default === 'string' ? `'${c.default.replace(/'/g, "''")}'` : defaultText(c)}`;
    return line + indexClause(c);
  });
  lines.push(`  TIME INDEX (${q(t.timeIndex)})`);
  if (t.primaryKey.length > 0) lines.push(`  PRIMARY KEY (${t.primaryKey.map(q).join(', ')})`);
  const opts = kvPairs(createTableOptions(t.options, style.blankBeforeEngine));
  let text = `CREATE TABLE IF NOT EXISTS ${q(t.name)} (\n${lines.join(',\n')}\n)\n${style.blankBeforeEngine ? '\n' : ''}ENGINE=${isMetricTable(t) ? 'metric' : 'mito'}\n`;
  if (opts.length > 0) text += `WITH(\n${opts.map((o) => `  ${o}`).join(',\n')}\n)`;
  return text;
}

export const executeShowCreateTable: Executor<ShowCreateTableStatement> = async (stmt, s) => {
  const t = resolveTable(queryEnv(s), stmt.table.db, stmt.table.name);
  return records([{ name: 'Table', type: 'string' }, { name: 'Create Table', type: 'string' }], [[t.name, createTableText(t)]]);
};
