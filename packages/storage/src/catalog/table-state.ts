import { timeUnitOf, type ColumnType, type TimeUnit } from '@sluice/pipeline-core';
import type { ColumnDef, TableInfo } from '../store.js';
import { resolveOptions, type ResolvedOptions } from '../options/resolved-options.js';
import { recordToInfo, type TableRecord } from './table-record.js';

/** A catalog record compiled once for the write and read paths. */
export interface TableState {
  readonly record: TableRecord;
  readonly info: TableInfo;
  readonly key: string;
  readonly storageId: number;
  /** True when the rows live in a physical table shared with other logical tables. */
  readonly shared: boolean;
  readonly opts: ResolvedOptions;
  readonly byName: ReadonlyMap<string, ColumnDef>;
  readonly timeColumn: ColumnDef;
  readonly timeUnit: TimeUnit;
  /** Tag columns in key order; a series stores its tag values in this order. */
  readonly tags: readonly ColumnDef[];
  readonly tagSlot: ReadonlyMap<string, number>;
  /** Field columns in creation order; a row value stores one slot per field. */
  readonly fields: readonly ColumnDef[];
  readonly fieldTypes: readonly ColumnType[];
  readonly fieldSlot: ReadonlyMap<string, number>;
}

export function tableKey(db: string, table: string): string {
  return `${db}\u0000${table}`;
}

export function compileTable(record: TableRecord): TableState {
  const info = recordToInfo(record);
  const byName = new Map(info.columns.map((c) => [c.name, c] as const));
  const timeColumn = byName.get(info.timeIndex)!;
  const tags = info.primaryKey.map((n) => byName.get(n)!);
  const fields = info.columns.filter((c) => c.name !== info.timeIndex && !info.primaryKey.includes(c.name));
  const opts = resolveOptions(info.options);
  return {
    record,
    info,
    key: tableKey(record.db, record.name),
    storageId: record.storageId,
    shared: opts.physicalTable !== undefined,
    opts,
    byName,
    timeColumn,
    timeUnit: timeUnitOf(timeColumn.type)!,
    tags,
    tagSlot: new Map(tags.map((c, i) => [c.name, i] as const)),
    fields,
    fieldTypes: fields.map((c) => c.type),
    fieldSlot: new Map(fields.map((c, i) => [c.name, i] as const)),
  };
}
