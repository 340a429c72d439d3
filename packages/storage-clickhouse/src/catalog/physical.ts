import { createHash } from 'node:crypto';
import { timeUnitOf, type ColumnType } from '@sluice/pipeline-core';
import type { ColumnDef, TableState } from '@sluice/storage';

/**
 * How a Sluice table lies in ClickHouse. Physical names are derived from the logical names, so two
 * Sluice servers that create the same table or add the same column at the same time arrive at the same
 * ClickHouse table and column; the catalog keeps the mapping, so RENAME (which 18.16 cannot do) is a
 * catalog change. The time index is always `ts`; `__seq` orders versions (and marks an insert batch
 * for idempotent retries); `__series` hashes the non-null tags, the row identity of merged tables.
 */
export interface PhysicalColumn {
  readonly name: string;
  readonly def: ColumnDef;
  readonly kind: 'time' | 'tag' | 'field';
}

export const SEQ = '__seq';
export const SERIES = '__series';
export const TIME = 'ts';

/** Logical column name → physical column name. */
export type PhysicalMap = Readonly<Record<string, string>>;

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

function hash36(s: string, chars = 6): string {
  return BigInt('0x' + createHash('sha1').update(s).digest('hex').slice(0, 12)).toString(36).slice(0, chars);
}

/** A stable number for a table (its TableInfo.id), the same on every server. */
export function tableId(db: string, table: string): number {
  return Number(BigInt('0x' + createHash('sha1').update(`${db}\u0000${table}`).digest('hex').slice(0, 12)) >> 1n) + 1;
}

/** The physical table name: readable, and the same on every server for the same Sluice table. */
export function physicalTableName(db: string, table: string): string {
  return `${table.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 80)}_${hash36(`${db}\u0000${table}`)}`;
}

/** The physical name a new column gets: its name when plain, else a sanitized name with a hash. */
function columnName(logical: string, taken: ReadonlySet<string>): string {
  const plain = /^[A-Za-z][A-Za-z0-9_]{0,62}$/.test(logical) && logical !== TIME && !logical.startsWith('x_');
  let name = plain ? logical : `c_${logical.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40)}_${hash36(logical)}`;
  for (let i = 2; taken.has(name); i++) name = `${plain ? logical : name.replace(/_\d+$/, '')}_${i}`;
  return name;
}

/** The mapping for a state: kept for known columns, derived for new ones. */
export function assignPhysical(t: TableState, prev: PhysicalMap): PhysicalMap {
  const out: Record<string, string> = {};
  const taken = new Set<string>([TIME, SEQ, SERIES]);
  for (const c of t.info.columns) {
    if (c.name === t.info.timeIndex) out[c.name] = TIME;
    else if (prev[c.name] !== undefined) taken.add((out[c.name] = prev[c.name]!));
  }
  for (const c of t.info.columns) if (out[c.name] === undefined) taken.add((out[c.name] = columnName(c.name, taken)));
  return out;
}

/** Every live column with its physical name, in table order. */
export function physicalColumns(t: TableState, phys: PhysicalMap): PhysicalColumn[] {
  return t.info.columns.map((def) => ({ name: phys[def.name]!, def, kind: def.name === t.info.timeIndex ? 'time' : t.tagSlot.has(def.name) ? 'tag' : 'field' }));
}
