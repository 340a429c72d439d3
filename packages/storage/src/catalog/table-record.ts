import { parseTableOption, tableOptionsToStrings, isTableOptionName, type ColumnType, type IndexKind, type Semantic, type TableOptions } from '@sluice/pipeline-core';
import type { ColumnDef, TableInfo } from '../store.js';
import { valueFromJson, valueToJson, type JsonValue } from './value-json.js';

/** A table as the catalog stores it (JSON). Options are kept as text and parsed by the one option parser. */
export interface TableRecord {
  readonly id: number;
  /** Key prefix of the table's rows: its own id, or the id of its physical table. */
  readonly storageId: number;
  /** Incremented by every change, so a newer record never loses to an older one in the cache. */
  readonly version: number;
  readonly db: string;
  readonly name: string;
  readonly createdAt: number;
  readonly timeIndex: string;
  readonly primaryKey: readonly string[];
  readonly columns: readonly ColumnRecord[];
  readonly options: Readonly<Record<string, string>>;
}

export interface ColumnRecord {
  readonly name: string;
  readonly type: ColumnType;
  readonly semantic: Semantic;
  readonly nullable: boolean;
  readonly index?: IndexKind;
  /** Options of a fulltext/skipping index, as text (absent: the index's defaults). */
  readonly indexOptions?: Readonly<Record<string, string>>;
  readonly default?: JsonValue;
  /** ColumnDef.sqlType (a SQL type refining `type`), verbatim. */
  readonly sqlType?: string;
  /** ColumnDef.defaultFunction, verbatim. */
  readonly defaultFunction?: string;
  /**
   * Position of a field column's values in stored rows. Absent on records that never dropped or moved a
   * column: then the slot is the field's ordinal in `columns`.
   */
  readonly slot?: number;
  /** A dropped field column: its slot stays reserved (old rows still hold values) but it is not shown. */
  readonly dropped?: true;
}

export function columnToRecord(c: ColumnDef): ColumnRecord {
  return {
    name: c.name,
    type: c.type,
    semantic: c.semantic,
    nullable: c.nullable,
    ...(c.index !== undefined ? { index: c.index } : {}),
    ...(c.index !== undefined && c.indexOptions !== undefined ? { indexOptions: { ...c.indexOptions } } : {}),
    ...(c.default !== undefined ? { default: valueToJson(c.default) } : {}),
    ...(c.sqlType !== undefined ? { sqlType: c.sqlType } : {}),
    ...(c.defaultFunction !== undefined ? { defaultFunction: c.defaultFunction } : {}),
  };
}

export function columnFromRecord(c: ColumnRecord): ColumnDef {
  return {
    name: c.name,
    type: c.type,
    semantic: c.semantic,
    nullable: c.nullable,
    ...(c.index !== undefined ? { index: c.index } : {}),
    ...(c.index !== undefined && c.indexOptions !== undefined ? { indexOptions: c.indexOptions } : {}),
    ...(c.default !== undefined ? { default: valueFromJson(c.default) } : {}),
    ...(c.sqlType !== undefined ? { sqlType: c.sqlType } : {}),
    ...(c.defaultFunction !== undefined ? { defaultFunction: c.defaultFunction } : {}),
  };
}

export function optionsToRecord(o: TableOptions): Record<string, string> {
  return tableOptionsToStrings(o);
}

export function optionsFromRecord(r: Readonly<Record<string, string>>): TableOptions {
  const out: Record<string, unknown> = {};
  let extra: Record<string, string> | undefined;
  for (const [k, v] of Object.entries(r)) {
    if (isTableOptionName(k)) out[k] = parseTableOption(k, v);
    else (extra ??= {})[k] = v;
  }
  if (extra !== undefined) out.extra = extra;
  return out as TableOptions;
}

export function recordToInfo(r: TableRecord): TableInfo {
  return {
    db: r.db,
    id: r.id,
    name: r.name,
    createdAt: r.createdAt,
    timeIndex: r.timeIndex,
    primaryKey: r.primaryKey,
    columns: r.columns.filter((c) => !c.dropped).map(columnFromRecord),
    options: optionsFromRecord(r.options),
  };
}

/**
 * The record with every field column's slot written down, so columns can move or be dropped: columns
 * without one (older records, columns added by writes) take the next free slots in record order.
 */
export function withSlots(rec: TableRecord): TableRecord {
  const isField = (n: string) => n !== rec.timeIndex && !rec.primaryKey.includes(n);
  if (rec.columns.every((c) => !isField(c.name) || c.slot !== undefined)) return rec;
  let next = rec.columns.reduce((m, c) => (c.slot !== undefined ? Math.max(m, c.slot + 1) : m), 0);
  return { ...rec, columns: rec.columns.map((c) => (isField(c.name) && c.slot === undefined ? { ...c, slot: next++ } : c)) };
}
