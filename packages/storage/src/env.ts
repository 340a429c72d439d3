import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import { metaTableRows } from './codec/chunk-stats.js';

/**
 * The LMDB environment: one memory-mapped file `<dataHome>/sluice.mdb` with named databases.
 *   catalog      ordered keys → JSON      databases, tables, counters, physical tables
 *   series_chunks binary → binary         per-series chunks of tables without append_mode (keys/series-chunk-key.ts)
 *   rows         binary → binary          legacy one-entry-per-row layout, migrated to series_chunks on open
 *   chunks       binary → binary          column chunks of append-mode tables, by first time (keys/chunk-key.ts)
 *   chunk_ends   binary → chunk metadata  the same chunks by last time (descending scans): minTs, row count,
 *                                         per-column null count and min/max (codec/chunk-stats.ts)
 *   series_tags  binary → u32             (storageId, tableId, tag values) → seriesId
 *   series_ids   binary → binary          (storageId, seriesId) → (tableId, tag values)
 *   series_head  binary → binary          (storageId, seq) → fresh series chunks of one write, folded later
 *   pipelines    [name, version] → yaml
 */
export interface StoreEnv {
  readonly path: string;
  readonly root: RootDatabase;
  readonly catalog: Database<unknown, CatalogKey>;
  /** Legacy: one entry per row (data homes written before series chunks; migrated on open). */
  readonly rows: Database<Buffer, Buffer>;
  readonly seriesChunks: Database<Buffer, Buffer>;
  readonly chunks: Database<Buffer, Buffer>;
  readonly chunkEnds: Database<Buffer, Buffer>;
  /** chunk_ends again, its values read in place as `metaTableRows` numbers (count(*) from metadata; never written through). */
  readonly chunkTableRows: Database<number, Buffer>;
  readonly seriesTags: Database<number, Buffer>;
  readonly seriesIds: Database<Buffer, Buffer>;
  /** Fresh series chunks not yet folded into series_chunks, one record per physical table per write (table/series-head.ts). */
  readonly seriesHead: Database<Buffer, Buffer>;
  readonly pipelines: Database<string, [string, string]>;
}

export type CatalogKey = (string | number)[];

export interface EnvOptions {
  readonly dataHome: string;
  /** Initial map size in bytes (LMDB grows it as needed). */
  readonly mapSize?: number;
  /** Never flush to disk (tests and throwaway stores only: a machine crash can lose or corrupt data). */
  readonly noSync?: boolean;
}

function noEncode(): never {
  throw new Error('chunkTableRows is read-only: write chunk metadata through chunkEnds');
}

export function openEnv(o: EnvOptions): StoreEnv {
  mkdirSync(o.dataHome, { recursive: true });
  const path = join(o.dataHome, 'sluice.mdb');
  const root = open({
    path,
    maxDbs: 16,
    ...(o.mapSize !== undefined ? { mapSize: o.mapSize } : {}),
    ...(o.noSync ? { noSync: true } : {}),
  });
  return {
    path,
    root,
    catalog: root.openDB<unknown, CatalogKey>({ name: 'catalog', encoding: 'json' }),
    rows: root.openDB<Buffer, Buffer>({ name: 'rows', keyEncoding: 'binary', encoding: 'binary' }),
    seriesChunks: root.openDB<Buffer, Buffer>({ name: 'series_chunks', keyEncoding: 'binary', encoding: 'binary' }),
    chunks: root.openDB<Buffer, Buffer>({ name: 'chunks', keyEncoding: 'binary', encoding: 'binary' }),
    chunkEnds: root.openDB<Buffer, Buffer>({ name: 'chunk_ends', keyEncoding: 'binary', encoding: 'binary' }),
    // A custom decoder gets the value where LMDB holds it (lmdb-js: decoderCopies), so nothing is copied;
    // lmdb-js takes `encoder` at run time, its typings omit it.
    chunkTableRows: root.openDB<number, Buffer>({ name: 'chunk_ends', keyEncoding: 'binary', encoder: { encode: noEncode, decode: metaTableRows } } as { name: string; keyEncoding: 'binary' }),
    seriesTags: root.openDB<number, Buffer>({ name: 'series_tags', keyEncoding: 'binary', encoding: 'msgpack' }),
    seriesIds: root.openDB<Buffer, Buffer>({ name: 'series_ids', keyEncoding: 'binary', encoding: 'binary' }),
    seriesHead: root.openDB<Buffer, Buffer>({ name: 'series_head', keyEncoding: 'binary', encoding: 'binary' }),
    pipelines: root.openDB<string, [string, string]>({ name: 'pipelines', encoding: 'string' }),
  };
}
