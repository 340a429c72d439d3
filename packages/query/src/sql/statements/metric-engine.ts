import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { ColumnDef, Store, TableInfo } from '@sluice/storage';
import { SqlInvalidArgumentError } from '../errors.js';
import { displayTypeOf } from '../types/logical-type.js';

/**
 * GreptimeDB's metric engine as SQL sees it: a physical table (`ENGINE = metric WITH
 * ('physical_metric_table' = '')`) and logical tables over it (`WITH ('on_physical_table' = 'phy')`).
 * A logical table's fields must be the physical table's (same name and type), its tags are strings and
 * become tags of the physical table too, its time index has the physical table's unit, and its columns
 * are kept sorted by name (as GreptimeDB's logical regions list them).
 */
export const isPhysicalMetricTable = (t: Pick<TableInfo, 'options'>): boolean => t.options.extra?.['physical_metric_table'] !== undefined;

export const isMetricTable = (t: Pick<TableInfo, 'options'>): boolean => isPhysicalMetricTable(t) || t.options.physical_table !== undefined;

/** The logical tables over physical table `phy` of `db`. */
export function logicalTablesOf(store: Store, db: string, phy: string): TableInfo[] {
  return store.listTables(db).filter((t) => t.options.physical_table === phy);
}

/** Columns in a logical table's order: by name. */
export const byName = (cols: readonly ColumnDef[]): ColumnDef[] => [...cols].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** Checks a new logical table's columns against its physical table (GreptimeDB's messages, code 1004). */
export function checkLogicalColumns(phy: TableInfo, columns: readonly ColumnDef[]): void {
  const physical = new Map(phy.columns.map((c) => [c.name, c] as const));
  const mismatch = (want: string, got: ColumnDef) => new SqlInvalidArgumentError(`Column type mismatch. Expect ${want}, got ${displayTypeOf(got)}`);
  for (const c of columns) {
    if (c.semantic === 'timestamp') {
      const ts = physical.get(phy.timeIndex)!;
      if (ts.type !== c.type) throw new SqlInvalidArgumentError(`Unexpected request: Metric has different time unit (${displayTypeOf(c)}) than the physical region (${displayTypeOf(ts)})`);
    } else if (c.semantic === 'tag') {
      if (c.type !== 'string') throw mismatch('String', c);
    } else {
      const p = physical.get(c.name);
      if (!p || p.semantic !== 'field') throw new SqlInvalidArgumentError(`Adding field column ${c.name} to physical table`);
      if (p.type !== c.type) throw mismatch(displayTypeOf(p), c);
    }
  }
}

/** Adds the tags of a logical table that its physical table lacks, as nullable string tags. */
export async function addTagsToPhysical(store: Store, db: string, phy: string, tags: readonly string[]): Promise<void> {
  for (const name of tags) {
    const cur = store.getTable(db, phy);
    if (!cur || cur.columns.some((c) => c.name === name)) continue;
    await store.alterTable(db, phy, { kind: 'add_column', column: { name, type: 'string', semantic: 'tag', nullable: true } });
  }
}

/** DROP TABLE of a physical table that logical tables still use is refused (1004), as GreptimeDB does. */
export function checkPhysicalDrop(store: Store, db: string, table: string): void {
  const t = store.getTable(db, table);
  if (t && isPhysicalMetricTable(t) && logicalTablesOf(store, db, table).length > 0) {
    throw new SqlInvalidArgumentError('Physical region is busy, there are still some logical regions using it');
  }
}

/** ALTER TABLE that changes a physical table's columns is refused (1001); options may change. */
export function checkPhysicalAlter(t: TableInfo, kind: string): void {
  if (isPhysicalMetricTable(t) && (kind === 'add_column' || kind === 'change_column_type' || kind === 'rename_column')) {
    throw new SluiceError(StatusCode.Unsupported, 'Alter request to physical region is forbidden');
  }
}

/**
 * DESC of a physical table with logical tables shows GreptimeDB's two internal key columns (the table id and
 * the series id) between its own columns and the tags the logical tables added.
 */
export function physicalDescColumns(store: Store, t: TableInfo): readonly ColumnDef[] {
  if (!isPhysicalMetricTable(t) || logicalTablesOf(store, t.db, t.name).length === 0) return t.columns;
  const at = t.columns.findIndex((c) => c.semantic === 'tag');
  const cut = at < 0 ? t.columns.length : at;
  const internal: ColumnDef[] = [
    { name: '__table_id', type: 'uint32', semantic: 'tag', nullable: false },
    { name: '__tsid', type: 'uint64', semantic: 'tag', nullable: false },
  ];
  return [...t.columns.slice(0, cut), ...internal, ...t.columns.slice(cut)];
}
