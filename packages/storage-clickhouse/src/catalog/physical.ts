import { timeUnitOf, type ColumnType } from '@sluice/pipeline-core';
import type { ColumnDef, TableRecord, TableState } from '@sluice/storage';

/**
 * How a Sluice table lies in ClickHouse. Column names are physical and stable, so RENAME/DROP/re-ADD
 * (which 18.16 cannot all do) are catalog operations: the time index is `ts`, tag i (primary-key order)
 * is `k<i>`, field slot s is `f<s>`. `__seq` orders versions (and marks an insert batch for idempotent
 * retries); `__series` hashes the non-null tags, the row identity of last_row/last_non_null tables.
 */
export interface PhysicalColumn {
  readonly name: string;
  readonly def: ColumnDef;
  readonly kind: 'time' | 'tag' | 'field';
}

export const SEQ = '__seq';
export const SERIES = '__series';

/** The ClickHouse type of a Sluice column type (timestamps as Int64 in their unit: 18.16 lacks DateTime64). */
export function chType(t: ColumnType): string {
  if (timeUnitOf(t) !== undefined) return 'Int64';
  switch (t) {
    case 'int8': return 'Int8';
    case 'int16': return 'Int16';
    case 'int32': return 'Int32';
    case 'int64': return 'Int64';
    case 'uint8': return 'UInt8';
    case 'uint16': return 'UInt16';
    case 'uint32': return 'UInt32';
    case 'uint64': return 'UInt64';
    case 'float32': return 'Float32';
    case 'float64': return 'Float64';
    case 'boolean': return 'UInt8';
    // JSON as its text; binary as hex text (TabSeparated stays valid UTF-8).
    default: return 'String';
  }
}

/** Every live column with its physical name, in table order. */
export function physicalColumns(t: TableState): PhysicalColumn[] {
  return t.info.columns.map((def) => ({ name: physicalName(t, def.name), def, kind: def.name === t.info.timeIndex ? 'time' : t.tagSlot.has(def.name) ? 'tag' : 'field' }));
}

export function physicalName(t: TableState, column: string): string {
  if (column === t.info.timeIndex) return 'ts';
  const tag = t.tagSlot.get(column);
  if (tag !== undefined) return `k${tag}`;
  return `f${t.fieldSlot.get(column)!}`;
}

/** Physical columns that `after` has and `before` lacks (new tags and field slots). */
export function addedColumns(before: TableState | undefined, after: TableState): PhysicalColumn[] {
  const had = new Set(before ? physicalColumns(before).map((c) => c.name) : []);
  return physicalColumns(after).filter((c) => !had.has(c.name));
}

/** Field slots dropped by `after` that `before` still had. */
export function droppedColumns(before: TableState, after: TableState): string[] {
  const now = new Set(physicalColumns(after).map((c) => c.name));
  return physicalColumns(before).map((c) => c.name).filter((n) => !now.has(n));
}

/** A ClickHouse-safe fragment of a name for readable physical table names. */
export function physicalTableName(rec: Pick<TableRecord, 'name' | 'id'>): string {
  return `${rec.name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 80)}_${rec.id.toString(36)}`;
}
