import { ChunkView } from '../codec/chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { chunkKey, chunkKeySeq } from '../keys/chunk-key.js';
import { tableEnd, tableStart } from '../keys/row-key.js';
import type { ScanRequest } from '../store.js';
import { chunkSource, type LoadedChunk } from './chunk-source.js';
import { txStoreChunk, type ChunkInput } from './chunk-write.js';
import { boxedArray } from './prepare-rows.js';

/**
 * Inside a write transaction: removes up to `max` whole chunks of an append-mode table, all of them or
 * only those whose last time is below `before` (the TTL sweep; a chunk straddling the cut-off stays until
 * all of it has expired, its expired rows being hidden by the read path). Returns the rows removed.
 */
export function txRemoveChunks(ctx: StoreContext, t: TableState, before: bigint | undefined, max: number): number {
  const end = before === undefined ? tableEnd(t.storageId) : chunkKey(t.storageId, before, 0);
  const doomed: { end: Buffer; start: Buffer; rows: number }[] = [];
  for (const { key, value } of ctx.env.chunkEnds.getRange({ start: tableStart(t.storageId), end })) {
    const k = key as Buffer;
    const start = chunkKey(t.storageId, (value as Buffer).readBigInt64BE(0), chunkKeySeq(k));
    const body = ctx.env.chunks.getBinary(start);
    const view = body === undefined ? undefined : new ChunkView(body);
    if (view && view.tableId !== t.record.id) continue;
    doomed.push({ end: Buffer.from(k), start, rows: view?.count ?? 1 });
    if (doomed.length >= max) break;
  }
  let rows = 0;
  for (const d of doomed) {
    ctx.env.chunks.removeSync(d.start);
    ctx.env.chunkEnds.removeSync(d.end);
    rows += d.rows;
  }
  return rows;
}

/** Inside a write transaction: deletes the matching rows of an append-mode table by rewriting their chunks. */
export function txDeleteChunkRows(ctx: StoreContext, t: TableState, req: Pick<ScanRequest, 'timeRange' | 'predicates'>): number {
  const hits = new Map<number, { chunk: LoadedChunk; rows: Set<number> }>();
  const source = chunkSource(ctx, t, { timeRange: req.timeRange, predicates: req.predicates, wantedFields: t.fields.map(() => false) });
  for (const slice of source) {
    let h = hits.get(slice.chunk.seq);
    if (!h) hits.set(slice.chunk.seq, (h = { chunk: slice.chunk, rows: new Set() }));
    for (const r of slice.rows) h.rows.add(r);
  }
  let deleted = 0;
  for (const { chunk, rows } of hits.values()) {
    const { view, seq } = chunk;
    const ts = view.ts();
    const series = view.series();
    const fields = t.fields.map((_, s) => view.field(s, t.fieldTypes[s]!));
    const keep = { ts: [] as bigint[], series: [] as number[], fields: t.fields.map(() => boxedArray()) } satisfies ChunkInput;
    for (let i = 0; i < view.count; i++) {
      if (rows.has(i)) continue;
      keep.ts.push(ts[i]!);
      keep.series.push(series[i]!);
      for (let s = 0; s < fields.length; s++) keep.fields[s]!.push(fields[s]?.[i] ?? null);
    }
    ctx.env.chunks.removeSync(chunkKey(t.storageId, view.minTs, seq));
    ctx.env.chunkEnds.removeSync(chunkKey(t.storageId, view.maxTs, seq));
    if (keep.ts.length > 0) txStoreChunk(ctx, t, keep, seq);
    deleted += rows.size;
  }
  return deleted;
}

