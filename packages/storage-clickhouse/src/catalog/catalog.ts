import { compileTable, type StoredPipeline, type TableRecord, type TableState } from '@sluice/storage';
import { assignPhysical, physicalColumns, physicalTableName, type PhysicalColumn, type PhysicalMap } from './physical.js';
import type { ChHttp } from '../client/ch-http.js';
import { ident, str, tsvEscape, tsvUnescape } from '../sql/quote.js';
import type { Ddl } from './ddl.js';
import { metaDatabase, type Layout } from './layout.js';

/** A table as the catalog knows it: the shared record, its compiled form and where its rows live. */
export interface TableEntry {
  readonly record: TableRecord;
  readonly state: TableState;
  /** ClickHouse database and table (the Distributed one on a cluster). */
  readonly chDb: string;
  readonly chTable: string;
  /** Logical column name → ClickHouse column. */
  readonly phys: PhysicalMap;
  /** Live columns with their ClickHouse names, in table order. */
  readonly columns: readonly PhysicalColumn[];
}

interface Versioned<T> {
  readonly rev: bigint;
  /** Undefined: deleted. */
  readonly value: T | undefined;
}

const ENTRIES = 'entries';
const PIPELINES = 'pipelines';
const key = (db: string, name: string) => `${db}\u0000${name}`;

/**
 * The catalog (databases, tables, pipelines) lives in two ClickHouse tables, one row per version
 * (`rev`, a microsecond clock), newest wins. Reads stay synchronous: every Sluice server keeps the
 * whole catalog in memory and reloads it every `refreshMs` (and at once when a write or DDL meets a
 * name it does not know), so a change made through another server is seen within `refreshMs` plus one
 * round trip. Its own changes are applied to its cache before the call returns.
 */
export class ChCatalog {
  private dbs = new Map<string, Versioned<true>>();
  private tables = new Map<string, Versioned<TableEntry>>();
  private pipes = new Map<string, Versioned<StoredPipeline>>();
  /** The stored text each table entry was last loaded from. */
  private readonly loaded = new Map<string, string>();
  private lastRev = 0n;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  /** Told when a background refresh fails (the cache then stays as it was until the next one). */
  onRefreshError: (e: unknown) => void = () => {};

  constructor(
    private readonly http: ChHttp,
    private readonly ddl: Ddl,
    private readonly layout: Layout,
    private readonly refreshMs: number,
  ) {}

  private get meta(): string {
    return ident(metaDatabase(this.layout));
  }

  async init(): Promise<void> {
    await this.ddl.createDatabase(metaDatabase(this.layout));
    const text = [{ name: 'rev', type: 'UInt64' }, { name: 'deleted', type: 'UInt8' }];
    await this.ddl.createTable(metaDatabase(this.layout), ENTRIES, {
      columns: [{ name: 'kind', type: 'String' }, { name: 'db', type: 'String' }, { name: 'name', type: 'String' }, ...text, { name: 'body', type: 'String' }],
      engine: 'ReplacingMergeTree', version: 'rev', orderBy: '(kind, db, name)',
    });
    await this.ddl.createTable(metaDatabase(this.layout), PIPELINES, {
      columns: [{ name: 'name', type: 'String' }, { name: 'version', type: 'String' }, ...text, { name: 'yaml', type: 'String' }],
      engine: 'ReplacingMergeTree', version: 'rev', orderBy: '(name, version)',
    });
    await this.refresh();
    if (this.refreshMs > 0) {
      this.timer = setInterval(() => void this.refresh().catch((e) => this.onRefreshError(e)), this.refreshMs);
      this.timer.unref();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** A revision newer than every one this process has written or read. */
  nextRev(): bigint {
    const now = BigInt(Date.now()) * 1000n;
    this.lastRev = now > this.lastRev ? now : this.lastRev + 1n;
    return this.lastRev;
  }

  /** Reloads everything; concurrent callers share one reload. */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async load(): Promise<void> {
    const settings = { max_execution_time: 30 };
    const entries = await this.http.rows(
      `SELECT kind, db, name, max(rev), argMax(deleted, rev), argMax(body, rev) FROM ${this.meta}.${ident(ENTRIES)} GROUP BY kind, db, name`,
      settings,
    );
    const pipes = await this.http.rows(`SELECT name, version, max(rev), argMax(deleted, rev), argMax(yaml, rev) FROM ${this.meta}.${ident(PIPELINES)} GROUP BY name, version`, settings);
    for (const [kind, db, name, rev, deleted, body] of entries) {
      const r = BigInt(rev!);
      this.observe(r);
      const d = tsvUnescape(db!)!;
      const n = tsvUnescape(name!)!;
      if (kind === 'db') merge(this.dbs, n, r, deleted === '1' ? undefined : true);
      else if (kind === 'table') {
        // An unchanged table keeps its entry (no JSON parse and compile per reload, and the same object
        // for whatever is derived from it).
        const k = key(d, n);
        const text = deleted === '1' ? '' : body!;
        if (this.tables.get(k)?.rev === r && this.loaded.get(k) === text) continue;
        this.loaded.set(k, text);
        merge(this.tables, k, r, deleted === '1' ? undefined : entryFromJson(tsvUnescape(body!)!));
      }
    }
    for (const [name, version, rev, deleted, yaml] of pipes) {
      const r = BigInt(rev!);
      this.observe(r);
      const p = { name: tsvUnescape(name!)!, version: tsvUnescape(version!)!, yaml: tsvUnescape(yaml!)! };
      merge(this.pipes, key(p.name, p.version), r, deleted === '1' ? undefined : p);
    }
  }

  private observe(rev: bigint): void {
    if (rev > this.lastRev) this.lastRev = rev;
  }

  // ---- reads (synchronous, from the cache) ----

  databases(): string[] {
    return [...this.dbs].filter(([, v]) => v.value).map(([k]) => k).sort();
  }

  hasDatabase(db: string): boolean {
    return this.dbs.get(db)?.value === true;
  }

  table(db: string, name: string): TableEntry | undefined {
    return this.tables.get(key(db, name))?.value;
  }

  /**
   * The physical table name for a new Sluice table: physicalTableName() unless a renamed table still
   * holds that ClickHouse table (RENAME TABLE is a catalog change), then the next free variant.
   */
  freePhysicalName(db: string, table: string): string {
    const taken = new Set(this.tablesOf(db).map((e) => e.chTable));
    let name = physicalTableName(db, table);
    for (let n = 1; taken.has(name); n++) name = physicalTableName(db, `${table}\u0000${n}`);
    return name;
  }

  tablesOf(db: string): TableEntry[] {
    const out: TableEntry[] = [];
    for (const v of this.tables.values()) if (v.value && v.value.record.db === db) out.push(v.value);
    return out.sort((a, b) => (a.record.name < b.record.name ? -1 : 1));
  }

  pipelines(): StoredPipeline[] {
    return [...this.pipes.values()].flatMap((v) => (v.value ? [v.value] : []));
  }

  // ---- writes (stored in ClickHouse first, then applied to the cache) ----

  private async insert(table: string, columns: string, values: readonly (string | bigint | number)[]): Promise<void> {
    const body = values.map((v) => (typeof v === 'string' ? tsvEscape(v) : String(v))).join('\t') + '\n';
    await this.http.insert(`INSERT INTO ${this.meta}.${ident(table)} (${columns}) FORMAT TabSeparated`, body, this.layout.cluster ? { insert_distributed_sync: 1 } : undefined);
  }

  async putDatabase(db: string, exists: boolean): Promise<void> {
    const rev = this.nextRev();
    await this.insert(ENTRIES, 'kind, db, name, rev, deleted, body', ['db', '', db, rev, exists ? 0 : 1, '']);
    merge(this.dbs, db, rev, exists ? true : undefined);
  }

  /**
   * Stores a table's new version. Columns another server added to the same table since this server
   * last loaded it are merged in first, so two servers evolving one table at once do not drop each
   * other's columns (what remains is a window of one round trip, not of catalog_refresh).
   */
  async putTable(db: string, name: string, entry: TableEntry | undefined): Promise<TableEntry | undefined> {
    if (entry) entry = await this.mergeStored(entry);
    const rev = this.nextRev();
    await this.insert(ENTRIES, 'kind, db, name, rev, deleted, body', ['table', db, name, rev, entry ? 0 : 1, entry ? entryToJson(entry) : '']);
    merge(this.tables, key(db, name), rev, entry);
    return entry;
  }

  private async mergeStored(e: TableEntry): Promise<TableEntry> {
    const rows = await this.http.rows(
      `SELECT argMax(deleted, rev), argMax(body, rev) FROM ${this.meta}.${ident(ENTRIES)} WHERE kind = 'table' AND db = ${str(e.record.db)} AND name = ${str(e.record.name)}`,
    );
    const [deleted, body] = rows[0] ?? [];
    if (deleted !== '0' || !body || body === '') return e;
    const stored = entryFromJson(tsvUnescape(body)!);
    if (stored.chTable !== e.chTable) return e;
    // Columns of ours by name (dropped ones too) or by ClickHouse column (renamed ones) are not new.
    const known = new Set(e.record.columns.map((c) => c.name));
    const used = new Set(Object.values(e.phys));
    const extra = stored.record.columns.filter((c) => !c.dropped && !known.has(c.name) && !used.has(stored.phys[c.name]!));
    if (extra.length === 0) return e;
    const record: TableRecord = {
      ...e.record,
      columns: [...e.record.columns, ...extra.map(({ slot: _slot, ...c }) => c)],
      primaryKey: [...e.record.primaryKey, ...stored.record.primaryKey.filter((n) => !e.record.primaryKey.includes(n) && extra.some((c) => c.name === n))],
    };
    return makeEntry(record, e.chDb, e.chTable, { ...stored.phys, ...e.phys });
  }

  async putPipeline(p: StoredPipeline, exists: boolean): Promise<void> {
    const rev = this.nextRev();
    await this.insert(PIPELINES, 'name, version, rev, deleted, yaml', [p.name, p.version, rev, exists ? 0 : 1, p.yaml]);
    merge(this.pipes, key(p.name, p.version), rev, exists ? p : undefined);
  }

  /** Marks every table of `db` deleted (after DROP DATABASE). */
  async dropTablesOf(db: string): Promise<void> {
    for (const t of this.tablesOf(db)) await this.putTable(db, t.record.name, undefined);
  }
}

function merge<T>(m: Map<string, Versioned<T>>, k: string, rev: bigint, value: T | undefined): void {
  const cur = m.get(k);
  if (cur === undefined || rev >= cur.rev) m.set(k, { rev, value });
}

export function entryToJson(e: TableEntry): string {
  return JSON.stringify({ record: e.record, chDb: e.chDb, chTable: e.chTable, phys: e.phys });
}

export function entryFromJson(text: string): TableEntry {
  const j = JSON.parse(text) as { record: TableRecord; chDb: string; chTable: string; phys: PhysicalMap };
  return makeEntry(j.record, j.chDb, j.chTable, j.phys);
}

/** An entry for `record`, keeping the physical names of `prev` and deriving them for new columns. */
export function makeEntry(record: TableRecord, chDb: string, chTable: string, prev: PhysicalMap = {}): TableEntry {
  const state = compileTable(record);
  const phys = assignPhysical(state, prev);
  return { record, state, chDb, chTable, phys, columns: physicalColumns(state, phys) };
}
