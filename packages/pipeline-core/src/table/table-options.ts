import { parseDuration, DurationSyntaxError } from '../time/duration.js';

/**
 * Table options: the one definition shared by pipelines (`service_*` record keys), SQL `WITH (...)`
 * and `ALTER TABLE ... SET`, and the store's catalog.
 */
export type MergeMode = 'last_row' | 'last_non_null';

export interface TableOptions {
  /** Milliseconds rows are kept; `undefined` or `'forever'` keeps them forever. */
  readonly ttl?: { readonly text: string; readonly ms: number } | 'forever';
  readonly append_mode?: boolean;
  readonly merge_mode?: MergeMode;
  readonly skip_wal?: boolean;
  readonly physical_table?: string;
  readonly auto_create_table?: boolean;
  /**
   * Options that Sluice keeps and prints verbatim but does not interpret, keyed by their full name:
   * `comment`, `service.semantic.signal_type`, `service.semantic.source`, `compaction.*`, ... Which
   * names a caller may set is the caller's decision (SQL `WITH`, protocol endpoints); the catalog
   * stores whatever it is given.
   */
  readonly extra?: Readonly<Record<string, string>>;
}

export type TableOptionName = keyof TableOptions;

export const TABLE_OPTION_NAMES: readonly Exclude<TableOptionName, 'extra'>[] = [
  'ttl', 'append_mode', 'merge_mode', 'skip_wal', 'physical_table', 'auto_create_table',
];

export class TableOptionError extends Error {
  override name = 'TableOptionError';
  constructor(readonly option: string, message: string) {
    super(`table option '${option}': ${message}`);
  }
}

function parseBool(option: string, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true') return true;
    if (t === 'false') return false;
  }
  throw new TableOptionError(option, `expected true or false, got ${JSON.stringify(v)}`);
}

/** Parses one option value given as text, boolean or number; throws TableOptionError naming the option. */
export function parseTableOption<K extends TableOptionName>(name: K, value: unknown): NonNullable<TableOptions[K]> {
  switch (name) {
    case 'ttl': {
      if (typeof value !== 'string') throw new TableOptionError(name, `expected a duration such as '7d', got ${JSON.stringify(value)}`);
      const t = value.trim();
      if (t === '' || t.toLowerCase() === 'forever') return 'forever' as never;
      try {
        const ms = parseDuration(t);
        return (ms === 0 ? 'forever' : { text: t, ms }) as never;
      } catch (e) {
        throw new TableOptionError(name, e instanceof DurationSyntaxError ? e.message : String(e));
      }
    }
    case 'append_mode':
    case 'skip_wal':
    case 'auto_create_table':
      return parseBool(name, value) as never;
    case 'merge_mode': {
      if (value === 'last_row' || value === 'last_non_null') return value as never;
      throw new TableOptionError(name, `expected 'last_row' or 'last_non_null', got ${JSON.stringify(value)}`);
    }
    case 'physical_table': {
      if (typeof value === 'string' && value.trim() !== '') return value.trim() as never;
      throw new TableOptionError(name, `expected a table name, got ${JSON.stringify(value)}`);
    }
    default:
      throw new TableOptionError(String(name), `unknown table option (known: ${TABLE_OPTION_NAMES.join(', ')})`);
  }
}

export function isTableOptionName(name: string): name is Exclude<TableOptionName, 'extra'> {
  return (TABLE_OPTION_NAMES as readonly string[]).includes(name);
}

/** Options as text, as `SHOW CREATE TABLE` and the catalog write them. */
export function tableOptionsToStrings(o: TableOptions): Record<string, string> {
  const out: Record<string, string> = {};
  if (o.ttl !== undefined) out.ttl = o.ttl === 'forever' ? 'forever' : o.ttl.text;
  if (o.append_mode !== undefined) out.append_mode = String(o.append_mode);
  if (o.merge_mode !== undefined) out.merge_mode = o.merge_mode;
  if (o.skip_wal !== undefined) out.skip_wal = String(o.skip_wal);
  if (o.physical_table !== undefined) out.physical_table = o.physical_table;
  if (o.auto_create_table !== undefined) out.auto_create_table = String(o.auto_create_table);
  if (o.extra !== undefined) for (const [k, v] of Object.entries(o.extra)) out[k] = v;
  return out;
}
