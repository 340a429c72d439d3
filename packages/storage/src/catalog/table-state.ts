import { timeUnitOf, type ColumnType, type TimeUnit } from '@sluice/pipeline-core';
import type { ColumnDef, TableInfo } from '../store.js';
import { resolveOptions, type ResolvedOptions } from '../options/resolved-options.js';
import { columnFromRecord, recordToInfo, withSlots, type TableRecord } from './table-record.js';

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
  const fields = fieldSlots(record);
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
    fieldSlot: new Map(fields.flatMap((c, i) => (byName.has(c.name) ? [[c.name, i] as const] : []))),
  };
}

/**
 * Field columns by stored slot. A dropped column keeps its slot under a name no column can have, so old
 * rows still decode and new rows write null there.
 */
export function fieldSlots(record: TableRecord): ColumnDef[] {
  const slotted = withSlots(record);
  const bySlot: ColumnDef[] = [];
  for (const c of slotted.columns) {
    if (c.slot === undefined) continue;
    const def = columnFromRecord(c);
    bySlot[c.slot] = c.dropped ? { ...def, name: `\u0000dropped\u0000${c.slot}`, nullable: true, default: null } : def;
  }
  return bySlot;
}
