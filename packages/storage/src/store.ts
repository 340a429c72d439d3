import type { ColumnSchema, ColumnType, IndexKind, TableOptions, Value } from '@sluice/pipeline-core';

/**
 * The store interface: the only way the server and the query engines touch data.
 * `openLmdbStore()` is the embedded implementation; a distributed backend would implement the same.
 */

export interface ColumnDef extends ColumnSchema {
  readonly nullable: boolean;
  /** Default for rows that do not carry the column (SQL `DEFAULT`). */
  readonly default?: Value;
  /**
   * The SQL type when it refines the storage `type` (`VECTOR(3)` kept as binary, `JSON2` as json):
   * opaque text the store keeps with the column and returns; absent for plain types.
   */
  readonly sqlType?: string;
  /**
   * A default computed at insert time, as SQL text (`current_timestamp()`, `now()`): the SQL layer fills
   * it into INSERTs that omit the column; the store keeps it verbatim and does not evaluate it.
   */
  readonly defaultFunction?: string;
}

export interface TableDef {
  readonly name: string;
  readonly columns: readonly ColumnDef[];
  /** Name of the time index column (exactly one column with semantic 'timestamp'). */
  readonly timeIndex: string;
  /** Tag columns, in key order (semantic 'tag'). */
  readonly primaryKey: readonly string[];
  readonly options: TableOptions;
}

export interface TableInfo extends TableDef {
  readonly db: string;
  readonly id: number;
  /** Creation time, milliseconds since the epoch. */
  readonly createdAt: number;
}

/** Where ADD COLUMN puts the new column: last (default), first, or after a named column. */
export type ColumnPosition = { readonly first: true } | { readonly after: string };

export type AlterTable =
  | { readonly kind: 'add_column'; readonly column: ColumnDef; readonly position?: ColumnPosition }
  /** Removes a field column (not the time index or a tag); its stored values are no longer read. */
  | { readonly kind: 'drop_column'; readonly name: string }
  | { readonly kind: 'rename_column'; readonly from: string; readonly to: string }
  /** Changes a column's default (`null`: none) or secondary index (`null`: none); absent keys stay. */
  | { readonly kind: 'modify_column'; readonly name: string; readonly default?: Value; readonly index?: IndexKind | null }
  /**
   * Widens a field column's type (integers and Float32 to Float64), rewriting its stored values in the
   * same transaction (SQL `MODIFY COLUMN c DOUBLE`; ClickHouse `MODIFY COLUMN c Float64`).
   */
  | { readonly kind: 'widen_column'; readonly name: string; readonly type: 'float64' }
  /**
   * Changes a nullable field column's type among numbers, booleans and strings (SQL `MODIFY COLUMN c
   * STRING`): the stored values and the default are converted in the same transaction as SQL's CAST
   * does, a value that does not convert becoming null. A store that cannot convert as CAST does refuses
   * with an InvalidRequestError naming the change (the ClickHouse store converts only what `widen_column` does).
   */
  | { readonly kind: 'change_column_type'; readonly name: string; readonly type: ColumnType }
  /** Renames the table within its database (its rows stay where they are); the new name must be free. */
  | { readonly kind: 'rename_table'; readonly to: string }
  | { readonly kind: 'set_options'; readonly options: TableOptions }
  | { readonly kind: 'unset_options'; readonly names: readonly string[] };

/**
 * Rows for one table. `rows[i][j]` is the value of `schema[j]`; timestamp columns take a
 * `Timestamp`, or a `bigint`/`number` counted in the column's unit. Missing tables are created
 * (when auto_create_table is not false) with `options`; new columns are added; a value whose type
 * conflicts with an existing column fails the whole write naming the column and both types.
 */
export interface WriteRequest {
  readonly db: string;
  readonly table: string;
  readonly schema: readonly ColumnSchema[];
  readonly rows: readonly (readonly Value[])[];
  /** Options for the table if this write creates it (ignored for existing tables). */
  readonly options?: TableOptions;
  /**
   * Widen instead of conflict: an existing integer (or Float32) field column that this write's schema
   * carries as Float64 becomes Float64 (stored values rewritten), atomically with the write, as
   * `alterTable({ kind: 'widen_column' })` would. OTLP trace attribute columns use it.
   */
  readonly widenColumns?: boolean;
  /**
   * Optional, a hint: the same rows already validated and encoded off the store's thread (on a pipeline
   * worker) by `encodeAppendWrite` (`@sluice/storage/encode`) against the record `Store.writeLayout`
   * gave. A store writes these bytes when the table is still at that record; otherwise (the table
   * changed meanwhile, or a store that cannot use them, such as a remote one) it writes `rows`. `rows`
   * may then be a getter that builds the rows on first access. Tables without append_mode take an
   * `EncodedSeriesWrite` (`encodeSeriesWrite`, against `Store.writeLayout(db, table, true)`) the same way.
   */
  readonly encoded?: EncodedAppendWrite | EncodedSeriesWrite;
}

/**
 * A write to a table without append_mode encoded ahead against one version of its record: each
 * series' chunks (rows grouped, sorted, deduplicated and encoded); series ids are resolved at commit.
 */
export interface EncodedSeriesWrite {
  readonly kind: 'series';
  readonly tableId: number;
  readonly version: number;
  /** Rows in the request (before deduplication), the write's affected rows. */
  readonly count: number;
  /** Chunks of one series are consecutive and share their `tags` array. */
  readonly chunks: readonly { readonly tags: readonly Value[]; readonly min: bigint; readonly rows: number; readonly bytes: Uint8Array }[];
}

/** An append-mode write encoded ahead against one version of a table's record (see WriteRequest.encoded). */
export interface EncodedAppendWrite {
  /** The record the rows were encoded against: id and version. */
  readonly tableId: number;
  readonly version: number;
  readonly count: number;
  /** Tag values of every row in chunk order, tags[keySlot][row]: series are resolved when the write commits. */
  readonly tags: readonly (readonly Value[])[];
  /** The rows' chunks, in row order. */
  readonly chunks: readonly EncodedAppendChunk[];
  readonly kind?: undefined;
}

/** One chunk of an encoded write: the bytes before and after its series block, and its metadata. */
export interface EncodedAppendChunk {
  readonly min: bigint;
  readonly max: bigint;
  readonly rows: number;
  readonly head: Uint8Array;
  readonly fields: Uint8Array;
  readonly meta: Uint8Array;
}

/**
 * What encoding a write off the store's thread needs: the table's catalog record (JSON data, safe to
 * post to another thread), `id` and `version` naming the state it was taken from.
 */
export interface WriteLayout {
  readonly id: number;
  readonly version: number;
  readonly db: string;
  readonly name: string;
}

export interface WriteResult {
  readonly db: string;
  readonly table: string;
  readonly affectedRows: number;
}

/**
 * `contains`: a string column's value contains the (string) operand (SQL `LIKE '%text%'`).
 * `word`: a string column's value holds the operand (one word: letters, digits, `_`) as a whole word,
 * case-insensitively (the value lowercased; no letter, digit or `_` on either side): a term of
 * `matches(col, 'a AND b')`. A remote store maps it to a regex (ClickHouse
 * `match(col, '(?i)(^|[^\\pL\\pN_])word($|[^\\pL\\pN_])')`).
 * `term`: the operand occurs case-sensitively with no letter or digit on either side (`matches_term`, `@@`).
 * `regex` / `not_regex`: the value, as text, fully matches (does not match) the RE2 pattern in the
 * operand, anchored at both ends (PromQL's `=~` / `!~`); a missing value tests as the empty string, as
 * a missing label does in PromQL. Patterns run in linear time (RE2 semantics, no backreferences); a
 * remote store maps them to its own RE2 function (ClickHouse `match(col, '^(?:re)$')`).
 * `matches`: the string column matches the full-text query in the operand (the language of SQL's
 * `matches(col, query)`: words, phrases, AND/OR/+/-). Optional: a planner sends it only to a store whose
 * `pushdownMatches` is true (a store that can run the query natively, e.g. ClickHouse); others never see it.
 */
export type PredicateOp = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not_in' | 'is_null' | 'is_not_null' | 'contains' | 'word' | 'term' | 'regex' | 'not_regex' | 'matches';

/** A column predicate the store applies exactly; several predicates are AND-ed. */
export interface Predicate {
  readonly column: string;
  readonly op: PredicateOp;
  /** For 'in'/'not_in' an array; unused for the null tests. Timestamps as bigint in the column's unit. */
  readonly value?: Value;
}

export interface ScanRequest {
  readonly db: string;
  readonly table: string;
  /** Columns to return, in this order; undefined returns every column in table order. */
  readonly columns?: readonly string[];
  /** Time index range in nanoseconds: start inclusive, end exclusive; either may be absent. */
  readonly timeRange?: { readonly startNs?: bigint; readonly endNs?: bigint };
  readonly predicates?: readonly Predicate[];
  /** Stop after this many rows (after predicates). */
  readonly limit?: number;
  /** Rows per batch (default 4096). */
  readonly batchSize?: number;
  /**
   * Ask for `ColumnVector.typed` where the store has it (a hint: a store may ignore it, and readers must
   * still accept batches with `values` only). Default false: plain `values`.
   */
  readonly typed?: boolean;
  /** Return rows newest first (for `ORDER BY ts DESC LIMIT n`). Default: oldest first. */
  readonly descending?: boolean;
  /**
   * A hint for listing series (PromQL's `/series`, `/labels`): the caller needs only one row per series
   * (distinct tag set) with rows in the time range, so a store may return just the first it meets of
   * each. A store may ignore it (readers dedupe by series); a remote store can answer with
   * `LIMIT 1 BY <tags>`; the embedded one seeks each series' first row instead of reading every row.
   */
  readonly distinctSeries?: boolean;
  /**
   * A hint for readers that group rows by series themselves (PromQL's selectors): the store may return
   * each series' rows together (every series still in time order) instead of the scan order
   * `(time, series)`, which saves a merge across series. A store may ignore it (a remote one does);
   * ignored with `limit` or `descending` (those keep the scan order).
   */
  readonly bySeries?: boolean;
}

/**
 * One column of a batch. Timestamp columns hold `bigint` in the column's unit; integers `number`
 * (or `bigint` beyond 2^53); json columns hold the parsed value; missing values are `null`.
 *
 * `values` is always there (a store may build it lazily, on first read, from `typed`); a store may
 * also give the same values in `typed` form, which readers that know it use instead. A store that
 * fills only `values` (a remote one, say) is complete: `typed` is an optimization, never required.
 */
export interface ColumnVector {
  readonly name: string;
  readonly type: ColumnType;
  readonly values: readonly Value[];
  readonly typed?: TypedColumn;
}

/**
 * A column's values without boxing, equal to `values` element for element:
 * - `f64` (float columns): `values[i]` is `f64[i]`, or null where `valid` is given and bit i (of byte
 *   i >> 3, bit i & 7) is clear.
 * - `time` (the time index; never null): `values[i]` is `base + BigInt(offsets[i])`; offsets are exact
 *   integers (a store gives this form only when every offset of the batch is below 2^53).
 * - `dict`: `values[i]` is `dict[codes[i]]`, null for a negative code. Codes mean the same value in
 *   every batch of one scan (the dictionary only grows), so a reader can key on them. The tag columns
 *   of one batch may share one `codes` array: then a code identifies the row's series (its whole tag
 *   set), and each tag column's `dict` holds that column's value per series.
 */
export type TypedColumn =
  | { readonly kind: 'f64'; readonly f64: Float64Array; readonly valid?: Uint8Array }
  | { readonly kind: 'time'; readonly base: bigint; readonly offsets: Float64Array }
  | { readonly kind: 'dict'; readonly codes: Int32Array; readonly dict: readonly Value[] };

export interface ColumnBatch {
  readonly length: number;
  readonly columns: readonly ColumnVector[];
}

/**
 * A typed read of one numeric field per series (PromQL selectors): the rows of `table` with a time in
 * `timeRange` whose tags pass `predicates` (tag columns only), grouped by series.
 */
export interface SeriesReadRequest {
  readonly db: string;
  readonly table: string;
  /** The field column to read (a float or integer column). */
  readonly field: string;
  /** Tag columns whose values each series carries, in this order. */
  readonly tags: readonly string[];
  /** Time index range in nanoseconds: start inclusive, end exclusive; either may be absent. */
  readonly timeRange?: { readonly startNs?: bigint; readonly endNs?: bigint };
  /** Predicates on tag columns (AND-ed); a store declines a request with any other predicate. */
  readonly predicates?: readonly Predicate[];
}

/** The samples of one series (one distinct tag set) from `Store.readSeries`. */
export interface SeriesSamples {
  /** Values of the requested tag columns, in request order (null where the series has none). */
  readonly tags: readonly Value[];
  /** Times in milliseconds since the epoch (the time index floored to ms), ascending. */
  readonly times: Float64Array;
  /** The field's value at each time, bit for bit (NaN payloads kept); rows where it is null are left out. */
  readonly values: Float64Array;
}

/**
 * An aggregate a store may compute: `count` without a column is count(*); `sum` and `avg` add the
 * values as doubles (SQL's float sum/avg; integer `sum` is left to the caller).
 */
export interface AggregateSpec {
  readonly fn: 'count' | 'min' | 'max' | 'sum' | 'avg';
  readonly column?: string;
}

/** A GROUP BY key: a column, or the time index cut into buckets of `bucketNs` from the epoch (`date_bin`). */
export interface GroupKey {
  readonly column: string;
  readonly bucketNs?: bigint;
}

export interface AggregateRequest extends Pick<ScanRequest, 'db' | 'table' | 'timeRange' | 'predicates'> {
  readonly groupBy?: readonly GroupKey[];
  readonly aggregates: readonly AggregateSpec[];
  /**
   * A hint: the caller sorts the groups itself (an ORDER BY over every group key), so the store may
   * return them in any order instead of the order a scan first meets them. Default false.
   */
  readonly anyOrder?: boolean;
  /**
   * With anyOrder, the order the caller will sort the groups in when its ORDER BY is over group keys
   * only: key k is `groupBy[key]`. A store that sorts as it aggregates may return the groups so (the
   * caller still sorts, and meets sorted input); one that does not ignores it.
   */
  readonly order?: readonly GroupOrder[];
}

/** One key of an aggregate's ORDER BY: a group key by position, its direction and where NULLs go. */
export interface GroupOrder {
  readonly key: number;
  readonly descending: boolean;
  readonly nullsFirst: boolean;
}

/**
 * Per-chunk statistics of a table (a remote store reports its parts or granules the same way): rows and
 * time bounds of each stored unit. Lets a planner size work and skip ranges without scanning.
 */
export interface ChunkStatistics {
  readonly chunks: number;
  readonly rows: number;
  /** Time index bounds in the column's unit; undefined for an empty table. */
  readonly minTs?: bigint;
  readonly maxTs?: bigint;
}

export interface StoredPipeline {
  readonly name: string;
  /** Creation time, `YYYY-MM-DD HH:MM:SS.fffffffff` in UTC. */
  readonly version: string;
  readonly yaml: string;
}

export interface PipelineStore {
  /** Stores a new version (the creation time) and returns it. */
  put(name: string, yaml: string): Promise<StoredPipeline>;
  /** The given version, or the latest one when `version` is undefined. */
  get(name: string, version?: string): StoredPipeline | undefined;
  /** Every stored version, newest first per name. */
  list(name?: string): StoredPipeline[];
  /** Deletes one version; false when it did not exist. */
  delete(name: string, version: string): Promise<boolean>;
}

export interface StoreStats {
  readonly bytesOnDisk: number;
  readonly tables: number;
}

export interface Store {
  listDatabases(): string[];
  /** `options`: database options as text (`ttl`, `compaction.type`, ...), kept verbatim; the SQL layer validates them. */
  createDatabase(name: string, opts?: { ifNotExists?: boolean; options?: Readonly<Record<string, string>> }): Promise<void>;
  dropDatabase(name: string, opts?: { ifExists?: boolean }): Promise<void>;
  /** The options of a database (empty when none; undefined when it does not exist). Optional: a store without it keeps none. */
  databaseOptions?(name: string): Readonly<Record<string, string>> | undefined;
  /** Sets then unsets database options (ALTER DATABASE). Optional, with databaseOptions. */
  alterDatabase?(name: string, change: { readonly set?: Readonly<Record<string, string>>; readonly unset?: readonly string[] }): Promise<void>;

  listTables(db: string): TableInfo[];
  getTable(db: string, table: string): TableInfo | undefined;
  createTable(db: string, def: TableDef, opts?: { ifNotExists?: boolean }): Promise<TableInfo>;
  dropTable(db: string, table: string, opts?: { ifExists?: boolean }): Promise<void>;
  alterTable(db: string, table: string, change: AlterTable): Promise<TableInfo>;

  /** All requests commit in one transaction: a reader never sees part of it. */
  write(requests: readonly WriteRequest[]): Promise<WriteResult[]>;
  /**
   * Optional: the layout (catalog record) of an existing append-mode table (with `series`, of a table
   * without append_mode), for encoding writes to it off the store's thread (`WriteRequest.encoded`);
   * undefined for other tables. A remote store omits it.
   */
  writeLayout?(db: string, table: string, series?: boolean): WriteLayout | undefined;
  scan(req: ScanRequest): AsyncIterable<ColumnBatch>;
  /**
   * Optional aggregate pushdown: one row per group (the group keys, then one value per aggregate:
   * count as a number, min/max in the column's stored form, null over no rows; bucket keys as the
   * bucket's start in the time index's unit), groups in the order a scan first meets them; without
   * `groupBy` exactly one row. Undefined when the store declines (the caller then scans). The embedded
   * store answers count/min/max from chunk metadata and the rest over typed chunk columns; a remote
   * store runs it natively (`SELECT host, count(), avg(x) ... GROUP BY host`).
   */
  aggregate?(req: AggregateRequest): Promise<readonly (readonly Value[])[] | undefined>;
  /**
   * Optional typed series read (PromQL selectors): each matching series once, its samples as
   * Float64Arrays, series in any order. Undefined when the store declines (a table layout it does not
   * serve this way, a predicate on a non-tag column): the caller then scans. A store without it is
   * complete (readers fall back to `scan` with `bySeries`); a remote store may answer it with
   * `SELECT tags, groupArray(ts), groupArray(v) ... GROUP BY tags`.
   */
  readSeries?(req: SeriesReadRequest): AsyncIterable<SeriesSamples> | undefined;
  /** Optional: true when scans and aggregates accept `matches` (full-text) predicates; default false. */
  readonly pushdownMatches?: boolean;
  /** Optional: row and chunk counts and time bounds of a table, from metadata. */
  statistics?(db: string, table: string): Promise<ChunkStatistics>;
  /** Deletes the rows matching the predicates (all rows when none); returns how many. */
  deleteRows(req: Pick<ScanRequest, 'db' | 'table' | 'timeRange' | 'predicates'>): Promise<number>;
  truncate(db: string, table: string): Promise<void>;

  /**
   * Optional: reloads the catalog a store caches from a shared place (a remote store serving several
   * Sluice servers). Catalog reads stay synchronous; after a TableNotFoundError a caller may await this
   * and retry once, so a table another server has just created is found at once.
   */
  refreshCatalog?(): Promise<void>;

  readonly pipelines: PipelineStore;
  stats(): StoreStats;
  close(): Promise<void>;
}
