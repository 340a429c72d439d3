import { TransformError } from '../errors/index.js';
import { parseTableOption, TableOptionError, tableOptionsToStrings, type TableOptionName, type TableOptions } from '../table/table-options.js';
import type { Doc } from '../value/value.js';

/** Record keys that set table options (pipeline-engine 0.15), and the option each sets. */
const OPTION_KEYS: readonly (readonly [string, TableOptionName])[] = [
  ['service_auto_create_table', 'auto_create_table'],
  ['service_ttl', 'ttl'],
  ['service_append_mode', 'append_mode'],
  ['service_merge_mode', 'merge_mode'],
  ['service_physical_table', 'physical_table'],
  ['service_skip_wal', 'skip_wal'],
];
export const SUFFIX_KEY = 'service_table_suffix';

export interface RecordOptions {
  readonly options: TableOptions | undefined;
  readonly suffix: string | undefined;
}

const has = Object.prototype.hasOwnProperty;

/** Whether a record sets any option key. Every record pays this check: constant-name reads are inline-cached. */
export function hasRecordOptions(doc: Doc): boolean {
  return (
    doc.service_ttl !== undefined ||
    doc.service_table_suffix !== undefined ||
    doc.service_append_mode !== undefined ||
    doc.service_merge_mode !== undefined ||
    doc.service_skip_wal !== undefined ||
    doc.service_physical_table !== undefined ||
    doc.service_auto_create_table !== undefined
  );
}

/**
 * Reads and removes the `service_*` option keys of a record (merged over `inherited`); returns undefined
 * when the record sets none. An invalid value is a TransformError naming the key.
 */
export function takeRecordOptions(doc: Doc, inherited: TableOptions | undefined): RecordOptions | undefined {
  if (!hasRecordOptions(doc)) return undefined;
  let options: Record<string, unknown> | undefined;
  for (let i = 0; i < OPTION_KEYS.length; i++) {
    const [key, name] = OPTION_KEYS[i]!;
    if (!has.call(doc, key)) continue;
    const v = doc[key];
    delete doc[key];
    if (v === null || v === undefined) continue;
    options ??= { ...inherited };
    try {
      options[name] = parseTableOption(name, typeof v === 'number' ? String(v) : v);
    } catch (e) {
      throw new TransformError(key, e instanceof TableOptionError ? e.message : String(e));
    }
  }
  let suffix: string | undefined;
  if (has.call(doc, SUFFIX_KEY)) {
    const v = doc[SUFFIX_KEY];
    delete doc[SUFFIX_KEY];
    if (typeof v === 'string' || typeof v === 'number') suffix = String(v);
    else if (v !== null) throw new TransformError(SUFFIX_KEY, `expected a string, got ${JSON.stringify(typeof v === 'bigint' ? String(v) : v)}`);
  }
  if (options === undefined && suffix === undefined) return undefined;
  return { options: (options as TableOptions | undefined) ?? inherited, suffix };
}

/** A canonical text of options, so equal options land in the same output table. */
export function optionsKey(options: TableOptions | undefined): string {
  if (options === undefined) return '';
  const s = tableOptionsToStrings(options);
  let key = '';
  for (const k of Object.keys(s).sort()) key += `${k}=${s[k]};`;
  return key;
}
