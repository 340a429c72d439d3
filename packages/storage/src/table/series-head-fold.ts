import { ByteWriter } from '../codec/byte-writer.js';
import { concatSeriesChunks, SeriesChunkView, type ChunkPart } from '../codec/series-chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { seriesChunkKey } from '../keys/series-chunk-key.js';
import { txPutSeriesChunk } from './series-chunk-write.js';
import { decodeHeadRecord, type HeadChunk } from './series-head.js';
import { recutChunks } from './series-recut.js';
import { MAX_CHUNK_ROWS, seriesSpan, type StoredChunk } from './series-run.js';

export interface FoldOutcome {
  readonly records: number;
  /** Chunks stored in series_chunks. */
  readonly chunks: number;
  /** Head chunks merged away (head chunks folded minus chunks stored). */
  readonly merged: number;
  readonly rows: number;
}

/**
 * Inside a write transaction: moves the head records of physical table `storageId` (the oldest
 * `maxRecords`, all by default) into `series_chunks`. Without `merge` (the fold deletes and column
 * widening run first) every chunk is stored as it is, under its own key. With `merge` (the fold a
 * growing head triggers, and compaction's) a series' head chunks become as few chunks as the cut rules
 * allow (the span, MAX_CHUNK_ROWS) under the highest seq among them: concatenated as they are when each
 * starts after the previous one's last time (concatSeriesChunks: nothing decoded), else resolved as a
 * read resolves them (one row per time, merge_mode applied) and cut again. What a scan returns does not
 * change (series-head.ts says why the seq is exact).
 */
export function txFoldHead(ctx: StoreContext, storageId: number, merge = false, maxRecords = Number.MAX_SAFE_INTEGER): FoldOutcome {
  const db = ctx.env.seriesHead;
  const start = Buffer.allocUnsafe(4);
  start.writeUInt32BE(storageId, 0);
  const end = Buffer.allocUnsafe(4);
  end.writeUInt32BE(storageId + 1, 0);
  const keys: Buffer[] = [];
  const byTable = new Map<number, Map<number, HeadChunk[]>>();
  let rows = 0;
  let headChunks = 0;
  for (const { key, value } of db.getRange({ start, end, limit: maxRecords } as Parameters<typeof db.getRange>[0])) {
    keys.push(Buffer.from(key as Buffer));
    for (const c of decodeHeadRecord(Buffer.from(value as Buffer))) {
      let bySid = byTable.get(c.tableId);
      if (bySid === undefined) byTable.set(c.tableId, (bySid = new Map()));
      let list = bySid.get(c.sid);
      if (list === undefined) bySid.set(c.sid, (list = []));
      list.push(c);
      rows += c.rows;
      headChunks++;
    }
  }
  if (keys.length === 0) return { records: 0, chunks: 0, merged: 0, rows: 0 };
  const tables = new Map<number, TableState>();
  for (const t of ctx.catalog.allTables()) if (t.storageId === storageId) tables.set(t.record.id, t);
  let chunks = 0;
  for (const [tableId, bySid] of byTable) {
    const t = tables.get(tableId);
    for (const [sid, list] of bySid) {
      if (t !== undefined) chunks += foldSeries(ctx, t, sid, list, merge);
      else {
        // A table this very transaction created (not in the committed catalog): stored as they are.
        for (const c of list) ctx.env.seriesChunks.putSync(seriesChunkKey(storageId, sid, c.min, c.seq), c.bytes);
        chunks += list.length;
      }
    }
  }
  for (const k of keys) db.removeSync(k);
  return { records: keys.length, chunks, merged: headChunks - chunks, rows };
}

/** Stores one series' head chunks; returns how many chunks were stored. */
function foldSeries(ctx: StoreContext, t: TableState, sid: number, list: HeadChunk[], merge: boolean): number {
  if (list.length === 1 || !merge) {
    for (const c of list) ctx.env.seriesChunks.putSync(seriesChunkKey(t.storageId, sid, c.min, c.seq), c.bytes);
    return list.length;
  }
  list.sort((a, b) => (a.min < b.min ? -1 : a.min > b.min ? 1 : a.seq - b.seq));
  let maxSeq = 0;
  let start = list[0]!.min;
  let endTs = start;
  // Head chunks each after the previous one's last time (a series written forward, the usual case)
  // have nothing to resolve: their bytes are concatenated (concatSeriesChunks), no row is decoded.
  let disjoint = true;
  let prevEnd = -1n;
  const views = list.map((c, i) => {
    const view = new SeriesChunkView(c.bytes);
    if (c.seq > maxSeq) maxSeq = c.seq;
    if (c.min < start) start = c.min;
    const e = c.min + BigInt(view.maxOff);
    if (e > endTs) endTs = e;
    if (i > 0 && c.min <= prevEnd) disjoint = false;
    prevEnd = e;
    return view;
  });
  if (disjoint) return concatSeries(ctx, t, sid, list, views, maxSeq);
  const stored: StoredChunk[] = list.map((c, i) => ({ key: seriesChunkKey(t.storageId, sid, c.min, c.seq), min: c.min, seq: c.seq, view: views[i]! }));
  const out = recutChunks(t, sid, stored, start, endTs + 1n);
  if (out === undefined) return 0;
  for (const c of out) txPutSeriesChunk(ctx, t, c, maxSeq);
  return out.length;
}

/**
 * Stores a series' disjoint head chunks (time order) as few chunks as the cut rules allow (a chunk's rows
 * within one span and at most MAX_CHUNK_ROWS), each the concatenation of whole head chunks, under `seq`.
 */
function concatSeries(ctx: StoreContext, t: TableState, sid: number, list: readonly HeadChunk[], views: readonly SeriesChunkView[], seq: number): number {
  const span = seriesSpan(t);
  let stored = 0;
  let from = 0;
  while (from < list.length) {
    const min = list[from]!.min;
    let rows = views[from]!.count;
    let to = from + 1;
    while (to < list.length) {
      const v = views[to]!;
      if (rows + v.count > MAX_CHUNK_ROWS || list[to]!.min + BigInt(v.maxOff) - min >= span) break;
      rows += v.count;
      to++;
    }
    let bytes = list[from]!.bytes;
    if (to - from > 1) {
      const parts: ChunkPart[] = [];
      for (let k = from; k < to; k++) parts.push({ min: list[k]!.min, view: views[k]! });
      writer.reset();
      concatSeriesChunks(writer, t.fieldTypes, parts);
      bytes = writer.buf.subarray(0, writer.pos);
    }
    ctx.env.seriesChunks.putSync(seriesChunkKey(t.storageId, sid, min, seq), bytes);
    stored++;
    from = to;
  }
  return stored;
}

const writer = new ByteWriter(1 << 16);

