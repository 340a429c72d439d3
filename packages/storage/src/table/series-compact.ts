import { SeriesChunkView } from '../codec/series-chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { keyChunkMin, keyChunkSeq, seriesEnd, seriesStart } from '../keys/series-chunk-key.js';
import { txStoreSeriesChunks } from './series-chunk-write.js';
import { txFoldHead } from './series-head-fold.js';
import { recutChunks } from './series-recut.js';
import { MAX_CHUNK_ROWS, seriesSpan, type StoredChunk } from './series-run.js';

/**
 * Inside a write transaction: compacts the series chunks of a table without append_mode, from series
 * `from` on, visiting at most about `maxChunks` chunks. Per series, chunks whose times overlap (late or
 * repeated writes) are resolved into one version per time (merge_mode applied, as a read does), and
 * neighbouring small chunks (one per write: remote write sends a few samples per series) are merged
 * into chunks of up to MAX_CHUNK_ROWS rows within one span. What a scan returns does not change.
 * Returns the chunks merged away and the series to resume from (undefined at the table's end).
 */
export function txCompactSeries(ctx: StoreContext, t: TableState, from: number | undefined, maxChunks: number): { merged: number; next: number | undefined } {
  txFoldHead(ctx, t.storageId);
  const sids = ctx.series.tableSeries(t, Number.MAX_SAFE_INTEGER) ?? [];
  const span = seriesSpan(t);
  let visited = 0;
  let merged = 0;
  for (const sid of sids) {
    if (from !== undefined && sid < from) continue;
    if (visited >= maxChunks) return { merged, next: sid };
    const chunks: StoredChunk[] = [];
    for (const { key, value } of ctx.env.seriesChunks.getRange({ start: seriesStart(t.storageId, sid), end: seriesEnd(t.storageId, sid) })) {
      const k = Buffer.from(key as Buffer);
      chunks.push({ key: k, min: keyChunkMin(k), seq: keyChunkSeq(k), view: new SeriesChunkView(value as Buffer) });
    }
    visited += chunks.length;
    if (chunks.length < 2) continue;
    // Groups of chunks overlapping in time (key order is first-time order), then runs of groups merged
    // while they fit one chunk.
    let acc: StoredChunk[] = [];
    let accRows = 0;
    let accStart = 0n;
    let accEnd = 0n;
    const flush = () => {
      if (acc.length > 1) merged += rewrite(ctx, t, sid, acc, accStart, accEnd);
      acc = [];
      accRows = 0;
    };
    let i = 0;
    while (i < chunks.length) {
      const group = [chunks[i]!];
      let end = chunks[i]!.min + BigInt(chunks[i]!.view.maxOff);
      let rows = chunks[i]!.view.count;
      i++;
      while (i < chunks.length && chunks[i]!.min <= end) {
        const c = chunks[i]!;
        const e = c.min + BigInt(c.view.maxOff);
        if (e > end) end = e;
        rows += c.view.count;
        group.push(c);
        i++;
      }
      const start = group[0]!.min;
      if (acc.length > 0 && (accRows + rows > MAX_CHUNK_ROWS || end - accStart >= span)) flush();
      if (acc.length === 0) accStart = start;
      acc.push(...group);
      accRows += rows;
      if (end > accEnd || acc.length === group.length) accEnd = end;
      // A group too large for one chunk is rewritten alone (resolved and cut).
      if (accRows >= MAX_CHUNK_ROWS) flush();
    }
    flush();
  }
  return { merged, next: undefined };
}

/** Replaces chunks (every chunk holding times in [start, end]) by their resolved rows; returns the chunks saved. */
function rewrite(ctx: StoreContext, t: TableState, sid: number, chunks: StoredChunk[], start: bigint, end: bigint): number {
  const out = recutChunks(t, sid, chunks, start, end + 1n);
  for (const c of chunks) ctx.env.seriesChunks.removeSync(c.key);
  if (out === undefined) return chunks.length;
  txStoreSeriesChunks(ctx, t, out);
  return chunks.length - out.length;
}
