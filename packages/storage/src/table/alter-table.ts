import { parseTableOption, TableOptionError, type TableOptions } from '@sluice/pipeline-core';
import { checkColumn, checkName } from '../catalog/define-table.js';
import { columnFromRecord, columnToRecord, optionsFromRecord, optionsToRecord, withSlots, type ColumnRecord, type TableRecord } from '../catalog/table-record.js';
import { ColumnAlreadyExistsError, ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import { resolveOptions } from '../options/resolved-options.js';
import type { AlterTable, ColumnPosition } from '../store.js';
import { retypeRecord, widenRecord } from './widen-column.js';

/** The record after an ALTER; options that would change how stored rows are keyed cannot change. */
export function alterRecord(rec: TableRecord, change: AlterTable): TableRecord {
  const table = `${rec.db}.${rec.name}`;
  switch (change.kind) {
    case 'add_column': {
      const c = change.column;
      if (rec.columns.some((x) => !x.dropped && x.name === c.name)) throw new ColumnAlreadyExistsError(table, c.name);
      checkColumn(rec.name, c);
      if (c.semantic === 'timestamp') throw new InvalidRequestError(`table ${table}: cannot add a second time index column '${c.name}'`);
      if (c.nullable === false && (c.default === undefined || c.default === null)) {
        throw new InvalidRequestError(`table ${table}: a column added later ('${c.name}') must be nullable or have a default`);
      }
      const base = withSlots(rec);
      const added = { ...columnToRecord(c), ...(c.semantic === 'field' ? { slot: base.columns.filter((x) => x.slot !== undefined).length } : {}) };
      return {
        ...base,
        version: rec.version + 1,
        columns: insertAt(base.columns, added, change.position, table),
        primaryKey: c.semantic === 'tag' ? [...rec.primaryKey, c.name] : rec.primaryKey,
      };
    }
    case 'drop_column': {
      const col = live(rec, change.name, table);
      if (col.name === rec.timeIndex || rec.primaryKey.includes(col.name)) {
        throw new InvalidRequestError(`Not allowed to remove index column ${col.name} from table ${rec.name}`);
      }
      const base = withSlots(rec);
      return { ...base, version: rec.version + 1, columns: base.columns.map((x, i) => (rec.columns[i] === col ? { ...x, dropped: true as const } : x)) };
    }
    case 'modify_column': {
      const col = live(rec, change.name, table);
      if (change.default === null && !col.nullable) {
        throw new InvalidRequestError(`Invalid alter table(${rec.name}) request: column ${col.name} is not nullable and \`default\` cannot be dropped`);
      }
      const next: ColumnRecord = { ...col };
      const m = next as { -readonly [K in keyof ColumnRecord]: ColumnRecord[K] };
      if (change.default !== undefined) {
        if (change.default === null) delete m.default;
        else m.default = columnToRecord({ ...columnFromRecord(col), default: change.default }).default;
      }
      if (change.index !== undefined) {
        if (change.index === null) delete m.index;
        else m.index = change.index;
      }
      return { ...rec, version: rec.version + 1, columns: rec.columns.map((x) => (x === col ? next : x)) };
    }
    case 'rename_column': {
      const col = live(rec, change.from, table);
      if (rec.columns.some((x) => !x.dropped && x.name === change.to)) throw new ColumnAlreadyExistsError(table, change.to);
      const base = withSlots(rec);
      const ren = (n: string) => (n === col.name ? change.to : n);
      return {
        ...base,
        version: rec.version + 1,
        timeIndex: ren(rec.timeIndex),
        primaryKey: rec.primaryKey.map(ren),
        columns: base.columns.map((x, i) => (rec.columns[i] === col ? { ...x, name: change.to } : x)),
      };
    }
    case 'widen_column':
      return widenRecord(rec, change.name, change.type);
    case 'change_column_type':
      return retypeRecord(rec, change.name, change.type);
    case 'rename_table':
      checkName('table', change.to);
      return { ...rec, version: rec.version + 1, name: change.to };
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

function live(rec: TableRecord, name: string, table: string) {
  const col = rec.columns.find((x) => !x.dropped && x.name === name);
  if (!col) throw new ColumnNotFoundError(table, name);
  return col;
}

function insertAt(cols: readonly ColumnRecord[], c: ColumnRecord, pos: ColumnPosition | undefined, table: string): ColumnRecord[] {
  if (pos === undefined) return [...cols, c];
  if ('first' in pos) return [c, ...cols];
  const i = cols.findIndex((x) => !x.dropped && x.name === pos.after);
  if (i < 0) throw new ColumnNotFoundError(table, pos.after);
  return [...cols.slice(0, i + 1), c, ...cols.slice(i + 1)];
}
