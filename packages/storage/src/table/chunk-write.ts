import type { Value } from '@sluice/pipeline-core';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeChunk } from '../codec/chunk-codec.js';
import { encodeChunkMeta } from '../codec/chunk-stats.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { CHUNK_SPAN_NS, chunkKey } from '../keys/chunk-key.js';
import type { PendingSeries } from '../series/series-index.js';
import type { PreparedRow } from './prepare-rows.js';
import { spanInUnit } from './time-bounds.js';

const writer = new ByteWriter(1 << 20);

/** Rows of one chunk: time, series and field slots, in time order. */
export interface ChunkInput {
  readonly ts: bigint[];
  readonly series: number[];
  readonly fields: Value[][];
}

/**
 * Inside a write transaction: stores an append-mode table's rows as column chunks, sorted by time and
 * cut wherever a chunk would span more than CHUNK_SPAN_NS.
 */
export function txPutChunks(ctx: StoreContext, t: TableState, rows: readonly PreparedRow[], pending: PendingSeries): void {
  if (rows.length === 0) return;
  const order = rows.map((_, i) => i);
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) if (rows[i]!.ts < rows[i - 1]!.ts) sorted = false;
  if (!sorted) order.sort((a, b) => (rows[a]!.ts < rows[b]!.ts ? -1 : rows[a]!.ts > rows[b]!.ts ? 1 : a - b));
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  let start = 0;
  while (start < order.length) {
    const first = rows[order[start]!]!.ts;
    let end = start + 1;
    while (end < order.length && rows[order[end]!]!.ts - first < span) end++;
    const c: ChunkInput = { ts: [], series: [], fields: t.fields.map(() => []) };
    for (let k = start; k < end; k++) {
      const row = rows[order[k]!]!;
      c.ts.push(row.ts);
      c.series.push(ctx.series.txResolve(t, row.tags, pending));
      for (let s = 0; s < c.fields.length; s++) c.fields[s]!.push(row.fields[s]!);
    }
    txStoreChunk(ctx, t, c, ctx.catalog.txNext('seq'));
    start = end;
  }
}

/** Inside a write transaction: writes one chunk (non-empty, time-sorted) under both of its keys. */
export function txStoreChunk(ctx: StoreContext, t: TableState, c: ChunkInput, seq: number): void {
  writer.reset();
  const stats = encodeChunk(writer, t.fieldTypes, { tableId: t.record.id, ts: c.ts, series: c.series, fields: c.fields });
  const min = c.ts[0]!;
  const max = c.ts[c.ts.length - 1]!;
  ctx.env.chunks.putSync(chunkKey(t.storageId, min, seq), writer.buf.subarray(0, writer.pos));
  ctx.env.chunkEnds.putSync(chunkKey(t.storageId, max, seq), encodeChunkMeta(t.fieldTypes, min, t.record.id, c.ts.length, stats));
}
