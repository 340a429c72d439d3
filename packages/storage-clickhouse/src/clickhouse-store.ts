import { isIntegerType, type Value } from '@sluice/pipeline-core';
import {
  alterRecord, checkName, DatabaseAlreadyExistsError, DatabaseNotFoundError, defineTable, InvalidRequestError, StorageError,
  TableAlreadyExistsError, TableNotFoundError,
  type AggregateRequest, type AlterTable, type ChunkStatistics, type ColumnBatch, type ScanRequest, type Store, type StoreStats, type TableDef, type TableInfo,
  type WriteRequest, type WriteResult,
} from '@sluice/storage';
import { ChHttp, ClickHouseQueryError } from './client/ch-http.js';
import { ChCatalog, makeEntry, type TableEntry } from './catalog/catalog.js';
import { Ddl } from './catalog/ddl.js';
import { dataDatabase, type Layout } from './catalog/layout.js';
import { tableId } from './catalog/physical.js';
import { alterActions, tableShape } from './catalog/table-shape.js';
import { ChPipelineStore } from './pipelines/ch-pipeline-store.js';
import { aggregateTable } from './read/aggregate.js';
import { activeParts, countableFromParts, countFromParts } from './read/count-from-parts.js';
import { deleteRows } from './read/delete-rows.js';
import { scanTable } from './read/scan.js';
import { readSource } from './read/source.js';
import { ident, str } from './sql/quote.js';
import { SeriesIds } from './write/series-ids.js';
import { insertRows } from './write/insert-rows.js';
import { planWrite } from './write/plan-write.js';

export interface ClickHouseStoreOptions {
  /** HTTP endpoints of the ClickHouse server(s), e.g. `["http://127.0.0.1:8123"]`. */
  readonly urls: readonly string[];
  readonly user?: string;
  readonly password?: string;
  /** Prefix of the ClickHouse databases Sluice creates (default `sluice_`): `<prefix><db>`, `<prefix>_catalog`. */
  readonly databasePrefix?: string;
  /** A cluster of `remote_servers`: node-local tables behind Distributed tables. */
  readonly cluster?: string;
  /** With a cluster: DDL `ON CLUSTER` (default true; needs ZooKeeper), or false to send DDL to each url in turn. */
  readonly onClusterDdl?: boolean;
  /** With a cluster: Replicated*MergeTree local tables (needs ZooKeeper and the {shard}/{replica} macros). */
  readonly replicated?: boolean;
  /** How often the catalog cache reloads (ms, default 1000): the bound on seeing another server's DDL. */
  readonly catalogRefreshMs?: number;
  /** Period of Sluice's own TTL expiry (ALTER DELETE of expired rows; 18.16 has no table TTL), ms; 0: off (default 1 h). */
  readonly ttlSweepIntervalMs?: number;
  readonly autoCreateTable?: boolean;
  readonly requestTimeoutMs?: number;
  readonly now?: () => number;
}

const DEFAULT_DB = 'public';
/** Times a write is planned again after its INSERT met a column another server dropped. */
const DROPPED_COLUMN_RETRIES = 3;

/** A promise chain that runs catalog changes of this process one at a time. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(f: () => Promise<T>): Promise<T> {
    const p = this.tail.then(f, f);
    this.tail = p.catch(() => {});
    return p;
  }
}

class ClickHouseStore implements Store {
  readonly pipelines: ChPipelineStore;
  /** matches() runs in ClickHouse (read/fulltext-sql.ts). */
  readonly pushdownMatches = true;
  private closed = false;
  private seqLast = 0n;
  /** `__series` of recently written tag combinations (every table's; the key names the tags). */
  private readonly seriesIds = new SeriesIds();
  private readonly mutex = new Mutex();
  private sweepTimer: NodeJS.Timeout | undefined;
  private bytesTimer: NodeJS.Timeout | undefined;
  private bytesOnDisk = 0;
  private readonly now: () => number;

  constructor(
    private readonly http: ChHttp,
    private readonly ddl: Ddl,
    private readonly catalog: ChCatalog,
    private readonly layout: Layout,
    private readonly o: ClickHouseStoreOptions,
  ) {
    this.pipelines = new ChPipelineStore(catalog);
    this.now = o.now ?? Date.now;
    const every = o.ttlSweepIntervalMs ?? 3_600_000;
    if (every > 0) {
      this.sweepTimer = setInterval(() => void this.sweepExpired().catch(() => {}), every);
      this.sweepTimer.unref();
    }
    // stats() is synchronous: bytes on disk come from system.parts every 10 s (and once at open).
    void this.refreshBytes().catch(() => {});
    this.bytesTimer = setInterval(() => void this.refreshBytes().catch(() => {}), 10_000);
    this.bytesTimer.unref();
  }

  /** Bytes of the active parts of Sluice's databases on the node that answers (one node of a cluster). */
  async refreshBytes(): Promise<number> {
    const p = this.layout.prefix;
    const [[b]] = (await this.http.rows(`SELECT sum(bytes_on_disk) FROM system.parts WHERE active AND substring(database, 1, ${Buffer.byteLength(p)}) = ${str(p)}`)) as [[string]];
    this.bytesOnDisk = Number(b) || 0;
    return this.bytesOnDisk;
  }

  private live(): void {
    if (this.closed) throw new StorageError('the ClickHouse store is closed');
  }

  /** The cached entry, or TableNotFoundError (and a background reload, in case another server just created it). */
  private entry(db: string, table: string): TableEntry {
    this.live();
    const e = this.catalog.table(db, table);
    if (e) return e;
    void this.catalog.refresh().catch(() => {});
    if (!this.catalog.hasDatabase(db)) throw new DatabaseNotFoundError(db);
    throw new TableNotFoundError(db, table);
  }

  /** The entry after a reload when the cache does not know it (for async calls). */
  private async freshEntry(db: string, table: string): Promise<TableEntry> {
    this.live();
    if (!this.catalog.table(db, table)) await this.catalog.refresh();
    return this.entry(db, table);
  }

  async refreshCatalog(): Promise<void> {
    this.live();
    await this.catalog.refresh();
  }

  listDatabases(): string[] {
    return this.catalog.databases();
  }

  async createDatabase(name: string, opts?: { ifNotExists?: boolean }): Promise<void> {
    this.live();
    checkName('database', name);
    if (name.startsWith('_')) throw new InvalidRequestError(`invalid database name ${JSON.stringify(name)}: names starting with '_' are reserved by the ClickHouse store`);
    await this.mutex.run(async () => {
      if (!this.catalog.hasDatabase(name)) await this.catalog.refresh();
      if (this.catalog.hasDatabase(name)) {
        if (opts?.ifNotExists) return;
        throw new DatabaseAlreadyExistsError(name);
      }
      await this.ddl.createDatabase(dataDatabase(this.layout, name));
      await this.catalog.putDatabase(name, true);
    });
  }

  async dropDatabase(name: string, opts?: { ifExists?: boolean }): Promise<void> {
    this.live();
    await this.mutex.run(async () => {
      if (!this.catalog.hasDatabase(name)) await this.catalog.refresh();
      if (!this.catalog.hasDatabase(name)) {
        if (opts?.ifExists) return;
        throw new DatabaseNotFoundError(name);
      }
      await this.ddl.dropDatabase(dataDatabase(this.layout, name));
      await this.catalog.dropTablesOf(name);
      await this.catalog.putDatabase(name, false);
    });
  }

  listTables(db: string): TableInfo[] {
    if (!this.catalog.hasDatabase(db)) throw new DatabaseNotFoundError(db);
    return this.catalog.tablesOf(db).map((e) => e.state.info);
  }

  getTable(db: string, table: string): TableInfo | undefined {
    const e = this.catalog.table(db, table);
    if (!e) void this.catalog.refresh().catch(() => {});
    return e?.state.info;
  }

  async createTable(db: string, def: TableDef, opts?: { ifNotExists?: boolean }): Promise<TableInfo> {
    this.live();
    return this.mutex.run(async () => {
      if (!this.catalog.table(db, def?.name)) await this.catalog.refresh();
      if (!this.catalog.hasDatabase(db)) throw new DatabaseNotFoundError(db);
      const cur = this.catalog.table(db, def.name);
      if (cur) {
        if (opts?.ifNotExists) return cur.state.info;
        throw new TableAlreadyExistsError(db, def.name);
      }
      const id = tableId(db, def.name);
      const rec = defineTable(db, def, { id, storageId: id }, this.now());
      const e = makeEntry(rec, dataDatabase(this.layout, db), this.catalog.freePhysicalName(db, def.name));
      await this.ddl.createTable(e.chDb, e.chTable, tableShape(e));
      await this.catalog.putTable(db, def.name, e);
      return e.state.info;
    });
  }

  async dropTable(db: string, table: string, opts?: { ifExists?: boolean }): Promise<void> {
    this.live();
    await this.mutex.run(async () => {
      if (!this.catalog.table(db, table)) await this.catalog.refresh();
      const e = this.catalog.table(db, table);
      if (!e) {
        if (!this.catalog.hasDatabase(db)) throw new DatabaseNotFoundError(db);
        if (opts?.ifExists) return;
        throw new TableNotFoundError(db, table);
      }
      await this.ddl.dropTable(e.chDb, e.chTable);
      await this.catalog.putTable(db, table, undefined);
    });
  }

  async alterTable(db: string, table: string, change: AlterTable): Promise<TableInfo> {
    return this.mutex.run(async () => {
      const e = await this.freshEntry(db, table);
      if (change.kind === 'change_column_type') {
        // ClickHouse's MODIFY COLUMN converts as toType() does (0.5 -> UInt8 0, 1 -> '1'), not as SQL's CAST
        // (true, 'true'): only the widening to Float64, where both agree, is done here.
        const col = e.record.columns.find((c) => !c.dropped && c.name === change.name);
        if (col && col.type !== change.type && !(change.type === 'float64' && (isIntegerType(col.type) || col.type === 'float32'))) {
          throw new InvalidRequestError(`table ${db}.${table}: the ClickHouse store cannot change column '${change.name}' from ${col.type} to ${change.type} (it converts integers and Float32 to Float64 only)`);
        }
      }
      if (change.kind === 'rename_table') {
        // A catalog change: the ClickHouse table keeps its physical name.
        if (this.catalog.table(db, change.to)) throw new TableAlreadyExistsError(db, change.to);
        const next = makeEntry(alterRecord(e.record, change), e.chDb, e.chTable, e.phys);
        await this.catalog.putTable(db, change.to, next);
        await this.catalog.putTable(db, table, undefined);
        return next.state.info;
      }
      const rec = alterRecord(e.record, change);
      // RENAME is a catalog change: the column keeps its ClickHouse name.
      const phys = { ...e.phys };
      if (change.kind === 'rename_column') {
        phys[change.to] = phys[change.from]!;
        delete phys[change.from];
      }
      const next = makeEntry(rec, e.chDb, e.chTable, phys);
      await this.applySchema(e, next);
      await this.catalog.putTable(db, table, next);
      return next.state.info;
    });
  }

  /** ADD/DROP COLUMN for the physical columns one entry has and the other lacks. */
  private async applySchema(before: TableEntry | undefined, after: TableEntry): Promise<void> {
    if (before === undefined) return this.ddl.createTable(after.chDb, after.chTable, tableShape(after));
    await this.ddl.alter(after.chDb, after.chTable, alterActions(before, after), tableShape(after).shardBy);
  }

  async write(requests: readonly WriteRequest[]): Promise<WriteResult[]> {
    return this.writeOnce(requests, 0);
  }

  /**
   * One planned write. A column dropped by another server since this one loaded the catalog makes the
   * INSERT fail before any row lands (ClickHouse code 16, no such column): the tables that met it are
   * planned again on a reloaded catalog, where the write's column is new and is added back (empty for
   * earlier rows), as a write after the drop does on LMDB. The other tables' INSERTs stand.
   */
  private async writeOnce(requests: readonly WriteRequest[], attempt: number): Promise<WriteResult[]> {
    this.live();
    if (!Array.isArray(requests)) throw new InvalidRequestError('write expects an array of requests');
    if (requests.some((r) => r && !this.catalog.table(r.db, r.table))) await this.catalog.refresh();
    const planned = await this.mutex.run(async () => {
      for (let attempt = 0; ; attempt++) {
        const plan = planWrite(this.catalog, this.layout, requests, { autoCreateTable: this.o.autoCreateTable ?? true, now: this.now() });
        try {
          for (const tw of plan.tables.values()) {
            if (tw.before?.record === tw.after.record) continue;
            await this.applySchema(tw.before, tw.after);
            await this.catalog.putTable(tw.after.record.db, tw.after.record.name, tw.after);
          }
          return plan;
        } catch (e) {
          // Another Sluice server changed the table first (e.g. added the same column): reload and plan again.
          if (attempt === 0 && e instanceof ClickHouseQueryError && (e.chCode === 44 || e.chCode === 15)) {
            await this.catalog.refresh();
            continue;
          }
          throw e;
        }
      }
    });
    const settings: Record<string, number> = {};
    if (this.layout.cluster !== undefined) settings.insert_distributed_sync = 1;
    if (this.layout.replicated) settings.insert_deduplicate = 1;
    const tables = [...planned.tables.entries()];
    const done = await Promise.allSettled(tables.map(([, tw]) => insertRows(this.http, tw, this.nextSeq(tw.affected), settings, this.seriesIds)));
    const dropped = new Set<string>();
    for (let i = 0; i < done.length; i++) {
      const d = done[i]!;
      if (d.status === 'fulfilled') continue;
      if (!(d.reason instanceof ClickHouseQueryError && d.reason.chCode === 16 && attempt < DROPPED_COLUMN_RETRIES)) throw d.reason;
      dropped.add(tables[i]![0]);
    }
    if (dropped.size > 0) {
      // The dropping server changes ClickHouse first and its catalog row next: give it a moment.
      if (attempt > 0) await new Promise((r) => setTimeout(r, 100 * attempt));
      await this.catalog.refresh();
      await this.writeOnce(requests.filter((r) => dropped.has(`${r.db}\u0000${r.table}`)), attempt + 1);
    }
    return planned.results.map((r) => ({ db: r.db, table: r.table, affectedRows: r.rows }));
  }

  /** The first `__seq` of a batch of `n` rows: increasing within the process, near the wall clock in ns. */
  private nextSeq(n: number): bigint {
    const now = BigInt(Date.now()) * 1_000_000n;
    const base = now > this.seqLast ? now : this.seqLast;
    this.seqLast = base + BigInt(n);
    return base;
  }

  scan(req: ScanRequest): AsyncIterable<ColumnBatch> {
    const e = this.entry(req.db, req.table);
    return scanTable(this.http, e, req, this.now());
  }

  async aggregate(req: AggregateRequest): Promise<readonly (readonly Value[])[] | undefined> {
    const e = this.entry(req.db, req.table);
    if (countableFromParts(e, req, this.layout)) return countFromParts(this.http, e, req, this.layout);
    return aggregateTable(this.http, e, req, this.now());
  }

  async deleteRows(req: Pick<ScanRequest, 'db' | 'table' | 'timeRange' | 'predicates'>): Promise<number> {
    const e = await this.freshEntry(req.db, req.table);
    return deleteRows(this.http, this.ddl, e, req, this.now());
  }

  async truncate(db: string, table: string): Promise<void> {
    const e = await this.freshEntry(db, table);
    await this.ddl.truncate(e.chDb, e.chTable);
  }

  /** Sluice's own TTL: deletes rows older than now − ttl from every table with a TTL; returns how many. */
  async sweepExpired(): Promise<number> {
    let total = 0;
    for (const db of this.catalog.databases()) {
      for (const e of this.catalog.tablesOf(db)) {
        const ttl = e.state.opts.ttlMs;
        if (ttl === undefined) continue;
        const cutoffNs = BigInt(Math.floor(this.now() - ttl)) * 1_000_000n;
        const s = readSource(e, {}, this.now());
        const unit = s.timeUnitNs;
        const bound = cutoffNs >= 0n ? (cutoffNs + unit - 1n) / unit : cutoffNs / unit;
        const table = `${ident(e.chDb)}.${ident(e.chTable)}`;
        const [[n]] = (await this.http.rows(`SELECT count() FROM ${table} WHERE ts < ${bound}`)) as [[string]];
        if (n === '0') continue;
        await this.ddl.deleteWhere(e.chDb, e.chTable, `ts < ${bound}`);
        total += Number(n);
      }
    }
    return total;
  }

  /**
   * Rows and time bounds as a scan sees them (merged versions, TTL), in one ClickHouse query; `chunks`
   * is the number of active parts of the table on the node that answers.
   */
  async statistics(db: string, table: string): Promise<ChunkStatistics> {
    const e = await this.freshEntry(db, table);
    const s = readSource(e, {}, this.now());
    const t = s.ref(e.state.info.timeIndex);
    const [[n, lo, hi]] = (await this.http.rows(`SELECT count(), min(${t}), max(${t}) FROM ${s.from}${s.where === '1' ? '' : ` WHERE ${s.where}`}`)) as [[string, string, string]];
    const [[parts]] = (await this.http.rows(`SELECT count() FROM ${activeParts(e, this.layout)}`)) as [[string]];
    const rows = Number(n);
    return { chunks: Number(parts), rows, ...(rows > 0 ? { minTs: BigInt(lo), maxTs: BigInt(hi) } : {}) };
  }

  stats(): StoreStats {
    let tables = 0;
    for (const db of this.catalog.databases()) tables += this.catalog.tablesOf(db).length;
    return { bytesOnDisk: this.bytesOnDisk, tables };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.bytesTimer) clearInterval(this.bytesTimer);
    this.catalog.close();
    await this.http.close();
  }
}

export type { ClickHouseStore };

/** Opens the ClickHouse store: creates the catalog tables if needed, loads the catalog, ensures `public`. */
export async function openClickHouseStore(o: ClickHouseStoreOptions): Promise<Store & { sweepExpired(): Promise<number> }> {
  if (!o || !Array.isArray(o.urls) || o.urls.length === 0) throw new InvalidRequestError('the ClickHouse store needs at least one url');
  const prefix = o.databasePrefix ?? 'sluice_';
  if (!/^[A-Za-z0-9_]*$/.test(prefix)) throw new InvalidRequestError(`database_prefix ${JSON.stringify(prefix)}: use letters, digits and '_' only`);
  const layout: Layout = {
    prefix,
    ...(o.cluster !== undefined ? { cluster: o.cluster } : {}),
    onClusterDdl: o.onClusterDdl ?? true,
    replicated: o.replicated ?? false,
  };
  const http = new ChHttp({ urls: o.urls, ...(o.user !== undefined ? { user: o.user } : {}), ...(o.password !== undefined ? { password: o.password } : {}), ...(o.requestTimeoutMs !== undefined ? { requestTimeoutMs: o.requestTimeoutMs } : {}) });
  const ddl = new Ddl(http, layout);
  const catalog = new ChCatalog(http, ddl, layout, o.catalogRefreshMs ?? 1000);
  try {
    await catalog.init();
    const store = new ClickHouseStore(http, ddl, catalog, layout, o);
    await store.createDatabase(DEFAULT_DB, { ifNotExists: true });
    return store;
  } catch (e) {
    catalog.close();
    await http.close();
    throw e;
  }
}
