import {
  DatabaseNotFoundError, evolveSchema, InvalidRequestError, prepareRows, recordForWrite, TableNotFoundError,
  type PreparedRows, type TableState, type WriteRequest,
} from '@sluice/storage';
import { makeEntry, type ChCatalog, type TableEntry } from '../catalog/catalog.js';
import { dataDatabase, type Layout } from '../catalog/layout.js';
import { tableId } from '../catalog/physical.js';

/** One table of a write: its entry before and after the write's schema changes, and its validated rows. */
export interface TableWrite {
  readonly before: TableEntry | undefined;
  after: TableEntry;
  readonly parts: { readonly state: TableState; readonly rows: PreparedRows }[];
  affected: number;
}

export interface PlanResult {
  readonly tables: Map<string, TableWrite>;
  /** Per request, the key of its table in `tables` and its row count. */
  readonly results: { key: string; db: string; table: string; rows: number }[];
}

/**
 * Validates every request against the cached catalog (creating and evolving tables in memory) with the
 * embedded store's rules and messages. Nothing is sent to ClickHouse here, so a bad request anywhere
 * in the batch leaves every table as it was.
 */
export function planWrite(catalog: ChCatalog, layout: Layout, reqs: readonly WriteRequest[], o: { autoCreateTable: boolean; now: number }): PlanResult {
  const tables = new Map<string, TableWrite>();
  const results: PlanResult['results'] = [];
  for (const req of reqs) {
    if (!req || typeof req.db !== 'string' || typeof req.table !== 'string' || !Array.isArray(req.schema) || !Array.isArray(req.rows)) {
      throw new InvalidRequestError('a write request needs db, table, schema (array) and rows (array)');
    }
    if (!catalog.hasDatabase(req.db)) throw new DatabaseNotFoundError(req.db);
    const key = `${req.db}\u0000${req.table}`;
    let tw = tables.get(key);
    if (!tw) {
      const cur = catalog.table(req.db, req.table);
      if (cur) tw = { before: cur, after: cur, parts: [], affected: 0 };
      else {
        const opts = req.options ?? {};
        if (!(opts.auto_create_table ?? o.autoCreateTable)) throw new TableNotFoundError(req.db, req.table, 'auto_create_table is false, so the write does not create it');
        const id = tableId(req.db, req.table);
        const rec = recordForWrite(req.db, req.table, req.schema, opts, { id, storageId: id }, o.now);
        tw = { before: undefined, after: makeEntry(rec, dataDatabase(layout, req.db), catalog.freePhysicalName(req.db, req.table)), parts: [], affected: 0 };
      }
      tables.set(key, tw);
    }
    const evolved = evolveSchema(tw.after.record, req.schema, req.widenColumns === true);
    if (evolved !== tw.after.record) tw.after = makeEntry(evolved, tw.after.chDb, tw.after.chTable, tw.after.phys);
    const rows = prepareRows(tw.after.state, req);
    tw.parts.push({ state: tw.after.state, rows });
    tw.affected += rows.count;
    results.push({ key, db: req.db, table: req.table, rows: rows.count });
  }
  return { tables, results };
}
