import type { StoreEnv } from '../env.js';
import { compileTable, tableKey, type TableState } from './table-state.js';
import type { TableRecord } from './table-record.js';

export interface DbRecord {
  readonly createdAt: number;
  /** Database options as text (ALTER DATABASE / CREATE DATABASE ... WITH). */
  readonly options?: Readonly<Record<string, string>>;
}

/**
 * The catalog: databases and tables, persisted in the `catalog` database and cached in memory.
 * `tx*` methods read and write inside the current write transaction (so concurrent writers batched
 * in one LMDB transaction see each other's changes); the cache only takes committed records.
 */
export class Catalog {
  private readonly dbs = new Map<string, DbRecord>();
  private readonly tables = new Map<string, TableState>();

  constructor(private readonly env: StoreEnv) {}

  load(): void {
    this.dbs.clear();
    this.tables.clear();
    for (const { key, value } of this.env.catalog.getRange({})) {
      if (key[0] === 'db') this.dbs.set(key[1] as string, value as DbRecord);
      else if (key[0] === 'table') this.applyTable(value as TableRecord);
    }
  }

  // ---- committed view (cache) ----
  hasDb(db: string): boolean {
    return this.dbs.has(db);
  }

  db(db: string): DbRecord | undefined {
    return this.dbs.get(db);
  }

  listDbs(): string[] {
    return [...this.dbs.keys()].sort();
  }

  table(db: string, name: string): TableState | undefined {
    return this.tables.get(tableKey(db, name));
  }

  listTables(db: string): TableState[] {
    return [...this.tables.values()].filter((t) => t.record.db === db).sort((a, b) => (a.record.name < b.record.name ? -1 : 1));
  }

  allTables(): TableState[] {
    return [...this.tables.values()];
  }

  applyTable(rec: TableRecord): TableState {
    const key = tableKey(rec.db, rec.name);
    const cur = this.tables.get(key);
    if (cur && cur.record.id === rec.id && cur.record.version >= rec.version) return cur;
    const state = compileTable(rec);
    this.tables.set(key, state);
    return state;
  }

  removeTable(db: string, name: string, id: number): void {
    const key = tableKey(db, name);
    if (this.tables.get(key)?.record.id === id) this.tables.delete(key);
  }

  applyDb(db: string, rec: DbRecord | undefined): void {
    if (rec) this.dbs.set(db, rec);
    else this.dbs.delete(db);
  }

  // ---- inside a write transaction ----
  txDb(db: string): DbRecord | undefined {
    return this.env.catalog.get(['db', db]) as DbRecord | undefined;
  }

  txPutDb(db: string, rec: DbRecord | undefined): void {
    if (rec) this.env.catalog.putSync(['db', db], rec);
    else this.env.catalog.removeSync(['db', db]);
  }

  txTable(db: string, name: string): TableRecord | undefined {
    return this.env.catalog.get(['table', db, name]) as TableRecord | undefined;
  }

  txTables(db: string): TableRecord[] {
    const out: TableRecord[] = [];
    for (const { key, value } of this.env.catalog.getRange({ start: ['table', db], end: ['table', db, '\uffff'] })) {
      if (key[0] === 'table' && key[1] === db) out.push(value as TableRecord);
    }
    return out;
  }

  txPutTable(rec: TableRecord): void {
    this.env.catalog.putSync(['table', rec.db, rec.name], rec);
  }

  txRemoveTable(db: string, name: string): void {
    this.env.catalog.removeSync(['table', db, name]);
  }

  /** Next value of a persistent counter (starting at 1). */
  txNext(counter: string, by = 1): number {
    const cur = (this.env.catalog.get(['counter', counter]) as number | undefined) ?? 0;
    this.env.catalog.putSync(['counter', counter], cur + by);
    return cur + 1;
  }

  /** The storage id of a physical table shared by logical tables, allocated on first use. */
  txPhysical(db: string, name: string): number {
    const key = ['physical', db, name];
    const id = this.env.catalog.get(key) as number | undefined;
    if (id !== undefined) return id;
    const next = this.txNext('storage');
    this.env.catalog.putSync(key, next);
    return next;
  }
}
