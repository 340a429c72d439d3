import { SluiceError, type Value } from '@sluice/pipeline-core';
import { Catalog } from './catalog/catalog.js';
import { checkName, defineTable } from './catalog/define-table.js';
import type { TableRecord } from './catalog/table-record.js';
import type { TableState } from './catalog/table-state.js';
import type { StoreContext } from './context.js';
import { openEnv, type StoreEnv } from './env.js';
import { DatabaseAlreadyExistsError, DatabaseNotFoundError, InvalidRequestError, StorageError, TableAlreadyExistsError, TableNotFoundError } from './errors.js';
import { resolveOptions } from './options/resolved-options.js';
import { LmdbPipelineStore } from './pipelines/lmdb-pipeline-store.js';
import { PendingSeries, SeriesIndex } from './series/series-index.js';
import type { AggregateRequest, AlterTable, ChunkStatistics, ColumnBatch, ScanRequest, SeriesReadRequest, SeriesSamples, Store, StoreStats, TableDef, TableInfo, WriteLayout, WriteRequest, WriteResult } from './store.js';
import { alterRecord } from './table/alter-table.js';
import { aggregateChunks, chunkStatistics } from './table/chunk-aggregate.js';
import { groupChunks } from './table/chunk-group.js';
import { txCompactChunks } from './table/chunk-compact.js';
import { txDeleteChunkRows, txRemoveChunks } from './table/chunk-delete.js';
import { expiryBound, txDeleteRows, txRemoveRange } from './table/delete-rows.js';
import { scanTable } from './table/scan.js';
import { readSeriesTable } from './table/series-read.js';
import { txWrite } from './table/write.js';
import { preWrite } from './table/pre-write.js';
import { txMigrateRows } from './table/rows-migrate.js';
import { txCompactSeries } from './table/series-compact.js';
import { HeadFolder } from './table/head-folder.js';
import { headStorageIds } from './table/series-head.js';
import { changedSlots, txRewriteSlots } from './table/widen-column.js';
import { compileTable } from './catalog/table-state.js';

export interface LmdbStoreOptions {
  /** Directory of the data file (`sluice.mdb`); created when missing. */
  readonly dataHome: string;
  /** Whether writes create missing tables when the request's options do not say (default true). */
  readonly autoCreateTable?: boolean;
  /** Period of the background maintenance (TTL sweep, then chunk compaction) in milliseconds (default 60000; 0 turns it off). */
  readonly ttlSweepIntervalMs?: number;
  /** Clock in milliseconds since the epoch (default Date.now), for TTL. */
  readonly now?: () => number;
  /** Initial LMDB map size in bytes (grown automatically). */
  readonly mapSize?: number;
  /** Never fsync (throwaway stores only; every table then behaves as skip_wal). */
  readonly noSync?: boolean;
  /** Told when a background maintenance pass starts and ends (a library does not log; its host may). */
  readonly onMaintenance?: (e: MaintenanceEvent) => void;
}

/** A background pass: `start`, then `end` with what it did (or `failed`, retried at the next period). */
export type MaintenanceEvent =
  | { readonly phase: 'start' }
  | { readonly phase: 'end'; readonly expiredRows: number; readonly mergedChunks: number }
  | { readonly phase: 'failed'; readonly error: unknown };

/** The embedded store, plus maintenance the server may call. */
export interface LmdbStore extends Store {
  /** Removes every expired row now (the background sweep does the same); returns how many. */
  sweepExpired(): Promise<number>;
  /** Merges small chunks now: append-mode tables' small chunks, and other tables' small or overlapping series chunks (the background sweep does the same); returns how many chunks were merged away. */
  compact(): Promise<number>;
  /**
   * Moves this handle's reads to the newest commit and reads the catalog again if it changed since
   * this handle loaded it (a version counter committed with every change). For a store opened on a
   * worker thread beside the one that writes (the server's query workers): its cached catalog would
   * not see tables created since.
   */
  reloadCatalog(): void;
}

const SWEEP_CHUNK = 10_000;
const CLEAR_CHUNK = 50_000;
const COMPACT_CHUNKS = 2_000;
const MIGRATE_ROWS = 50_000;
const DEFAULT_DB = 'public';

class LmdbStoreImpl implements LmdbStore {
  readonly pipelines: LmdbPipelineStore;
  private readonly ctx: StoreContext;
  private readonly catalog: Catalog;
  private readonly series: SeriesIndex;
  private sweepTimer: NodeJS.Timeout | undefined;
  /** The maintenance pass in progress, awaited by close(). */
  private maintenance: Promise<void> | undefined;
  private closed = false;
  private readonly heads: HeadFolder;
  private readonly onMaintenance: ((e: MaintenanceEvent) => void) | undefined;

  constructor(private readonly env: StoreEnv, o: LmdbStoreOptions) {
    this.onMaintenance = o.onMaintenance;
    this.catalog = new Catalog(env);
    this.series = new SeriesIndex(env, this.catalog);
    this.ctx = { env, catalog: this.catalog, series: this.series, now: o.now ?? Date.now, autoCreateTable: o.autoCreateTable ?? true };
    this.pipelines = new LmdbPipelineStore(env);
    this.heads = new HeadFolder((fn) => this.tx(fn, false), this.ctx);
    const every = o.ttlSweepIntervalMs ?? 60_000;
    if (every > 0) {
      this.sweepTimer = setInterval(() => {
        if (!this.maintenance && !this.closed) this.maintenance = this.maintain().finally(() => (this.maintenance = undefined));
      }, every);
      this.sweepTimer.unref();
    }
  }

  async init(): Promise<void> {
    await this.tx(() => {
      if (!this.catalog.txDb(DEFAULT_DB)) this.catalog.txPutDb(DEFAULT_DB, { createdAt: this.ctx.now() });
    });
    this.catalog.load();
    // A data home written before series chunks: move its rows over, in bounded transactions.
    while ((await this.tx(() => txMigrateRows(this.ctx, MIGRATE_ROWS))) > 0);
  }

  reloadCatalog(): void {
    this.open();
    // Reads outside a transaction share one snapshot that lmdb-js renews a timer tick after it was
    // taken: a query arriving in the same event-loop turn as the last one would still see the state of
    // then (a table created in between missing). Each query starts from the newest commit.
    this.env.root.resetReadTxn();
    this.catalog.loadIfChanged();
  }

  // ---- databases ----
  listDatabases(): string[] {
    return this.catalog.listDbs();
  }

  async createDatabase(name: string, opts?: { ifNotExists?: boolean; options?: Readonly<Record<string, string>> }): Promise<void> {
    checkName('database', name);
    const rec = { createdAt: this.ctx.now(), ...(opts?.options && Object.keys(opts.options).length ? { options: { ...opts.options } } : {}) };
    const created = await this.tx(() => {
      if (this.catalog.txDb(name)) {
        if (opts?.ifNotExists) return false;
        throw new DatabaseAlreadyExistsError(name);
      }
      this.catalog.txPutDb(name, rec);
      return true;
    });
    if (created) this.catalog.applyDb(name, rec);
  }

  databaseOptions(name: string): Readonly<Record<string, string>> | undefined {
    const rec = this.catalog.db(name);
    return rec ? (rec.options ?? {}) : undefined;
  }

  async alterDatabase(name: string, change: { readonly set?: Readonly<Record<string, string>>; readonly unset?: readonly string[] }): Promise<void> {
    const rec = await this.tx(() => {
      const cur = this.catalog.txDb(name);
      if (!cur) throw new DatabaseNotFoundError(name);
      const options: Record<string, string> = { ...(cur.options ?? {}), ...(change.set ?? {}) };
      for (const k of change.unset ?? []) delete options[k];
      const next = { createdAt: cur.createdAt, ...(Object.keys(options).length ? { options } : {}) };
      this.catalog.txPutDb(name, next);
      return next;
    });
    this.catalog.applyDb(name, rec);
  }

  async dropDatabase(name: string, opts?: { ifExists?: boolean }): Promise<void> {
    if (name === DEFAULT_DB) throw new InvalidRequestError(`the default database '${DEFAULT_DB}' cannot be dropped`);
    this.open();
    if (!this.catalog.hasDb(name)) {
      if (opts?.ifExists) return;
      throw new DatabaseNotFoundError(name);
    }
    for (const t of this.catalog.listTables(name)) await this.clearRows(t);
    const dropped = await this.tx(() => {
      if (!this.catalog.txDb(name)) return [];
      const tables = this.catalog.txTables(name);
      for (const rec of tables) this.txDropTable(rec);
      this.catalog.txPutDb(name, undefined);
      return tables;
    });
    for (const rec of dropped) this.forgetTable(rec);
    this.catalog.applyDb(name, undefined);
  }

  // ---- tables ----
  listTables(db: string): TableInfo[] {
    if (!this.catalog.hasDb(db)) throw new DatabaseNotFoundError(db);
    return this.catalog.listTables(db).map((t) => t.info);
  }

  getTable(db: string, table: string): TableInfo | undefined {
    return this.catalog.table(db, table)?.info;
  }

  async createTable(db: string, def: TableDef, opts?: { ifNotExists?: boolean }): Promise<TableInfo> {
    const rec = await this.tx(() => {
      if (!this.catalog.txDb(db)) throw new DatabaseNotFoundError(db);
      const existing = this.catalog.txTable(db, def.name);
      if (existing) {
        if (opts?.ifNotExists) return existing;
        throw new TableAlreadyExistsError(db, def.name);
      }
      const id = this.catalog.txNext('storage');
      const physical = resolveOptions(def.options ?? {}).physicalTable;
      const storageId = physical === undefined ? id : this.catalog.txPhysical(db, physical);
      const created = defineTable(db, def, { id, storageId }, this.ctx.now());
      this.catalog.txPutTable(created);
      return created;
    });
    return this.catalog.applyTable(rec).info;
  }

  /** Deletes the rows in bounded transactions first, then the table and its series in one. */
  async dropTable(db: string, table: string, opts?: { ifExists?: boolean }): Promise<void> {
    this.open();
    const t = this.catalog.table(db, table);
    if (t) await this.clearRows(t);
    const rec = await this.tx(() => {
      if (!this.catalog.txDb(db)) throw new DatabaseNotFoundError(db);
      const found = this.catalog.txTable(db, table);
      if (!found) {
        if (opts?.ifExists) return undefined;
        throw new TableNotFoundError(db, table);
      }
      this.txDropTable(found);
      return found;
    });
    if (rec) this.forgetTable(rec);
  }

  async alterTable(db: string, table: string, change: AlterTable): Promise<TableInfo> {
    const rec = await this.tx(() => {
      const cur = this.txExisting(db, table);
      const next = alterRecord(cur, change);
      if (change.kind === 'rename_table') {
        if (this.catalog.txTable(db, next.name)) throw new TableAlreadyExistsError(db, next.name);
        this.catalog.txRemoveTable(db, cur.name);
      }
      this.catalog.txPutTable(next);
      if (change.kind === 'widen_column' || change.kind === 'change_column_type') {
        const before = compileTable(cur);
        const after = compileTable(next);
        txRewriteSlots(this.ctx, before, after, changedSlots(before, after));
      }
      return { cur, next };
    });
    if (rec.cur.name !== rec.next.name) this.catalog.removeTable(db, rec.cur.name, rec.cur.id);
    return this.catalog.applyTable(rec.next).info;
  }

  // ---- data ----
  async write(requests: readonly WriteRequest[]): Promise<WriteResult[]> {
    if (!Array.isArray(requests)) throw new InvalidRequestError('write() takes an array of write requests');
    if (requests.length === 0) return [];
    this.open();
    // Validation and encoding run before the transaction, yielding to the event loop (pre-write.ts).
    const pre = await preWrite(this.ctx, requests);
    const pending = new PendingSeries();
    const outcome = await this.tx(() => txWrite(this.ctx, requests, pending, pre), false);
    this.series.commit(pending);
    for (const rec of outcome.changed) this.catalog.applyTable(rec);
    for (const h of outcome.head) this.heads.grew(h.storageId, h.chunks, h.rows);
    if (outcome.durable) await this.flushed();
    return outcome.results;
  }

  writeLayout(db: string, table: string, series = false): WriteLayout | undefined {
    const t = this.catalog.table(db, table);
    return t !== undefined && t.opts.appendMode !== series ? t.record : undefined;
  }

  scan(req: ScanRequest): AsyncIterable<ColumnBatch> {
    return scanTable(this.ctx, this.existing(req.db, req.table), req);
  }

  readSeries(req: SeriesReadRequest): AsyncIterable<SeriesSamples> | undefined {
    return readSeriesTable(this.ctx, this.existing(req.db, req.table), req);
  }

  async aggregate(req: AggregateRequest): Promise<readonly (readonly Value[])[] | undefined> {
    const t = this.existing(req.db, req.table);
    const fromMeta = aggregateChunks(this.ctx, t, req);
    return fromMeta !== undefined ? [fromMeta] : groupChunks(this.ctx, t, req);
  }

  async statistics(db: string, table: string): Promise<ChunkStatistics> {
    return chunkStatistics(this.ctx, this.existing(db, table));
  }

  async deleteRows(req: Pick<ScanRequest, 'db' | 'table' | 'timeRange' | 'predicates'>): Promise<number> {
    const t = this.existing(req.db, req.table);
    return this.tx(() => {
      const cur = this.current(t);
      return cur.opts.appendMode ? txDeleteChunkRows(this.ctx, cur, req) : txDeleteRows(this.ctx, cur, req);
    });
  }

  /** Empties the table in bounded transactions (a concurrent reader may see it half emptied). */
  async truncate(db: string, table: string): Promise<void> {
    await this.clearRows(this.existing(db, table));
  }

  async sweepExpired(): Promise<number> {
    let total = 0;
    for (const t of this.catalog.allTables()) {
      if (t.opts.ttlMs === undefined) continue;
      for (;;) {
        const n = await this.tx(() => {
          const cur = this.catalog.table(t.record.db, t.record.name);
          const before = cur && cur.record.id === t.record.id ? expiryBound(this.ctx, cur) : undefined;
          if (before === undefined) return 0;
          return txRemoveRange(this.ctx, cur!, before, SWEEP_CHUNK) + txRemoveChunks(this.ctx, cur!, before, SWEEP_CHUNK / 1000);
        });
        total += n;
        if (n === 0) break;
      }
    }
    return total;
  }

  async compact(): Promise<number> {
    let total = 0;
    // Every head first (a store reopened with head records, or a quiet table under the fold threshold).
    for (const storageId of headStorageIds(this.ctx)) total += await this.heads.fold(storageId, true);
    for (const t of this.catalog.allTables()) {
      if (!t.opts.appendMode) {
        let from: number | undefined;
        do {
          const step = await this.tx(() => {
            const cur = this.catalog.table(t.record.db, t.record.name);
            return cur && cur.record.id === t.record.id ? txCompactSeries(this.ctx, cur, from, COMPACT_CHUNKS) : { merged: 0, next: undefined };
          });
          total += step.merged;
          from = step.next;
        } while (from !== undefined);
        continue;
      }
      let from: Buffer | undefined;
      do {
        const step = await this.tx(() => {
          const cur = this.catalog.table(t.record.db, t.record.name);
          return cur && cur.record.id === t.record.id ? txCompactChunks(this.ctx, cur, from, COMPACT_CHUNKS) : { merged: 0, next: undefined };
        });
        total += step.merged;
        from = step.next;
      } while (from !== undefined);
    }
    return total;
  }

  /** One background pass; a failed pass is retried at the next period (a library does not log). */
  private async maintain(): Promise<void> {
    this.onMaintenance?.({ phase: 'start' });
    try {
      const expiredRows = await this.sweepExpired();
      const mergedChunks = await this.compact();
      this.onMaintenance?.({ phase: 'end', expiredRows, mergedChunks });
    } catch (error) {
      // Retried at the next period.
      this.onMaintenance?.({ phase: 'failed', error });
    }
  }

  stats(): StoreStats {
    const s = this.env.root.getStats() as { pageSize: number; lastPageNumber: number };
    return { bytesOnDisk: (s.lastPageNumber + 1) * s.pageSize, tables: this.catalog.allTables().length };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.maintenance;
    await this.heads.idle();
    await this.env.root.flushed;
    await this.env.root.close();
  }

  // ---- helpers ----
  private existing(db: string, table: string): TableState {
    this.open();
    const t = this.catalog.table(db, table);
    if (t) return t;
    if (!this.catalog.hasDb(db)) throw new DatabaseNotFoundError(db);
    throw new TableNotFoundError(db, table);
  }

  /** The newest committed state of a table (a concurrent ALTER may have replaced `t`). */
  private current(t: TableState): TableState {
    return this.catalog.table(t.record.db, t.record.name) ?? t;
  }

  private txExisting(db: string, table: string): TableRecord {
    if (!this.catalog.txDb(db)) throw new DatabaseNotFoundError(db);
    const rec = this.catalog.txTable(db, table);
    if (!rec) throw new TableNotFoundError(db, table);
    return rec;
  }

  /** Removes a table's catalog record, series and any rows left (rows written since clearRows). */
  private txDropTable(rec: TableRecord): void {
    const t = this.catalog.applyTable(rec);
    txRemoveRange(this.ctx, t, undefined, CLEAR_CHUNK);
    txRemoveChunks(this.ctx, t, undefined, CLEAR_CHUNK / 1000);
    this.series.txDropTable(t);
    this.catalog.txRemoveTable(rec.db, rec.name);
  }

  /**
   * Removes every row of a table, both layouts (a shared physical table may hold both), in transactions
   * of bounded size: one LMDB transaction can only hold so many dirty pages.
   */
  private async clearRows(t: TableState): Promise<void> {
    while ((await this.tx(() => txRemoveRange(this.ctx, this.current(t), undefined, CLEAR_CHUNK) + txRemoveChunks(this.ctx, this.current(t), undefined, CLEAR_CHUNK / 1000))) > 0);
  }

  private forgetTable(rec: TableRecord): void {
    this.catalog.removeTable(rec.db, rec.name, rec.id);
    this.series.forget(rec.storageId);
  }

  private open(): void {
    if (this.closed) throw new StorageError('the store is closed');
  }

  private async flushed(): Promise<void> {
    try {
      await this.env.root.flushed;
    } catch (e) {
      throw new StorageError(`flushing to disk failed: ${String(e)}`, { cause: e });
    }
  }

  /** Runs `fn` in one write transaction (aborted when it throws) and, unless told not to, waits for the flush. */
  private async tx<T>(fn: () => T, durable = true): Promise<T> {
    this.open();
    let result: T;
    try {
      result = await this.env.root.childTransaction(fn);
    } catch (e) {
      if (e instanceof SluiceError) throw e;
      // The commit itself failed: drop caches that may hold uncommitted state.
      this.series.forget();
      this.catalog.load();
      throw new StorageError(`storage transaction failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    if (durable) await this.flushed();
    return result;
  }
}

/** Opens (creating when missing) the embedded LMDB store under `dataHome`. */
export async function openLmdbStore(options: LmdbStoreOptions): Promise<LmdbStore> {
  if (!options || typeof options.dataHome !== 'string' || options.dataHome === '') {
    throw new InvalidRequestError('openLmdbStore needs a dataHome directory');
  }
  let env: StoreEnv;
  try {
    env = openEnv(options);
  } catch (e) {
    throw new StorageError(`cannot open the store under ${options.dataHome}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const store = new LmdbStoreImpl(env, options);
  await store.init();
  return store;
}
