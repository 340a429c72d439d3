import { parseTableOption, TableOptionError, type TableOptions } from '@sluice/pipeline-core';
import { checkColumn } from '../catalog/define-table.js';
import { columnToRecord, optionsFromRecord, optionsToRecord, type TableRecord } from '../catalog/table-record.js';
import { ColumnAlreadyExistsError, InvalidRequestError } from '../errors.js';
import { resolveOptions } from '../options/resolved-options.js';
import type { AlterTable } from '../store.js';

/** The record after an ALTER; options that would change how stored rows are keyed cannot change. */
export function alterRecord(rec: TableRecord, change: AlterTable): TableRecord {
  const table = `${rec.db}.${rec.name}`;
  switch (change.kind) {
    case 'add_column': {
      const c = change.column;
      if (rec.columns.some((x) => x.name === c.name)) throw new ColumnAlreadyExistsError(table, c.name);
      checkColumn(rec.name, c);
      if (c.semantic === 'timestamp') throw new InvalidRequestError(`table ${table}: cannot add a second time index column '${c.name}'`);
      if (c.nullable === false && (c.default === undefined || c.default === null)) {
        throw new InvalidRequestError(`table ${table}: a column added later ('${c.name}') must be nullable or have a default`);
      }
      return {
        ...rec,
        version: rec.version + 1,
        columns: [...rec.columns, columnToRecord(c)],
        primaryKey: c.semantic === 'tag' ? [...rec.primaryKey, c.name] : rec.primaryKey,
      };
    }
    case 'set_options':
    case 'unset_options': {
      const cur = optionsFromRecord(rec.options);
      let next: Record<string, unknown>;
      if (change.kind === 'set_options') {
        next = { ...cur };
        for (const [k, v] of Object.entries(change.options)) {
          if (v === undefined) continue;
          if (k === 'extra') {
            next.extra = { ...cur.extra, ...(v as Record<string, string>) };
            continue;
          }
          try {
            next[k] = parseTableOption(k as keyof TableOptions, typeof v === 'object' && v !== null && 'text' in v ? v.text : v);
          } catch (e) {
            if (e instanceof TableOptionError) throw new InvalidRequestError(`table ${table}: ${e.message}`, { cause: e });
            throw e;
          }
        }
      } else {
        next = { ...cur };
        for (const k of change.names) delete next[k];
        if (cur.extra !== undefined) {
          const extra = { ...cur.extra };
          for (const k of change.names) delete extra[k];
          next.extra = Object.keys(extra).length > 0 ? extra : undefined;
        }
      }
      const before = resolveOptions(cur);
      const after = resolveOptions(next as TableOptions);
      if (before.appendMode !== after.appendMode) throw new InvalidRequestError(`table ${table}: append_mode cannot be changed after the table is created`);
      if (before.physicalTable !== after.physicalTable) throw new InvalidRequestError(`table ${table}: physical_table cannot be changed after the table is created`);
      return { ...rec, version: rec.version + 1, options: optionsToRecord(next as TableOptions) };
    }
    default:
      throw new InvalidRequestError(`table ${table}: unknown ALTER kind '${String((change as { kind: unknown }).kind)}'`);
  }
}
