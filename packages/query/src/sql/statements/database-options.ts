import { isTableOptionName, parseTableOption, TableOptionError, type TableOptions } from '@sluice/pipeline-core';
import { SqlInvalidArgumentError } from '../errors.js';

/**
 * Database options (CREATE DATABASE ... WITH, ALTER DATABASE SET/UNSET) as GreptimeDB accepts them:
 * `ttl`, `append_mode`, `merge_mode`, `skip_wal`, `sst_format`, `memtable.*` and `compaction.*`.
 * Tables created in the database take its options (all but `compaction.*`) unless they set their own.
 */
const KEYS: ReadonlySet<string> = new Set([
  'ttl', 'append_mode', 'merge_mode', 'skip_wal', 'sst_format', 'memtable.type', 'compaction.type',
  'compaction.twcs.trigger_file_num', 'compaction.twcs.max_output_file_size', 'compaction.twcs.time_window',
  'compaction.twcs.remote_compaction', 'compaction.twcs.fallback_to_local',
]);

const isKey = (k: string) => KEYS.has(k) || k.startsWith('memtable.partition_tree.') || k.startsWith('memtable.bulk.');

/** The options in stored form (a TTL of '' or 0 is `forever`); an unknown key or a bad value is refused (1004). */
export function checkDatabaseOptions(set: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(set)) {
    const bad = () => new SqlInvalidArgumentError(`Invalid set database option, key: ${key}, value: ${value}`);
    if (!isKey(key)) throw bad();
    if (isTableOptionName(key)) {
      try {
        const parsed = parseTableOption(key, value);
        out[key] = key === 'ttl' && parsed === 'forever' ? 'forever' : value;
      } catch (e) {
        if (e instanceof TableOptionError) throw bad();
        throw e;
      }
    } else out[key] = value;
  }
  return out;
}

export function checkUnsetDatabaseOptions(names: readonly string[]): void {
  for (const key of names) if (!isKey(key)) throw new SqlInvalidArgumentError(`Invalid unset database option, key: ${key}`);
}

/** A new table's options: its own, then the database's for the keys it does not set (not `compaction.*`). */
export function withDatabaseOptions(own: TableOptions, db: Readonly<Record<string, string>> | undefined): TableOptions {
  if (!db || Object.keys(db).length === 0) return own;
  const out: Record<string, unknown> = { ...own };
  const extra: Record<string, string> = { ...(own.extra ?? {}) };
  for (const [key, value] of Object.entries(db)) {
    if (key.startsWith('compaction.')) continue;
    if (isTableOptionName(key)) {
      if (out[key] === undefined) out[key] = parseTableOption(key, value);
    } else if (extra[key] === undefined) extra[key] = value;
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  return out as TableOptions;
}

/** `SHOW CREATE DATABASE` text: options sorted by key, dotted keys quoted. */
export function createDatabaseText(name: string, options: Readonly<Record<string, string>>): string {
  const keys = Object.keys(options).sort();
  if (keys.length === 0) return `CREATE DATABASE IF NOT EXISTS ${name}`;
  const lines = keys.map((k) => `  ${k.includes('.') ? `'${k}'` : k} = '${options[k]!.replace(/'/g, "''")}'`);
  return `CREATE DATABASE IF NOT EXISTS ${name}\nWITH(\n${lines.join(',\n')}\n)`;
}
