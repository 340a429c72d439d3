import type { Value } from '@sluice/pipeline-core';
import { ChunkView } from '../codec/chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { CHUNK_SPAN_NS, chunkKey, chunkKeySeq } from '../keys/chunk-key.js';
import { tableEnd, tableStart } from '../keys/row-key.js';
import { txStoreChunk, type ChunkInput } from './chunk-write.js';
import { boxedArray } from './prepare-rows.js';
import { spanInUnit } from './time-bounds.js';

/** Chunks with fewer rows than this are merged with their neighbours (in first-time order). */
export const SMALL_CHUNK_ROWS = 256;
/** A merged chunk holds at most this many rows. */
export const MERGED_CHUNK_ROWS = 4096;

interface Member {
  readonly view: ChunkView;
  readonly seq: number;
}

/**
 * Inside a write transaction: merges runs of small chunks of an append-mode table (many small writes,
 * e.g. one log line per request) into larger time-sorted chunks, visiting at most `maxChunks` chunks from
 * `from` on. Rows and their order are unchanged. Returns how many chunks were merged away and where the
 * next call should resume (undefined once the table's end was reached).
 */
export function txCompactChunks(ctx: StoreContext, t: TableState, from: Buffer | undefined, maxChunks: number): { merged: number; next: Buffer | undefined } {
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  const groups: Member[][] = [];
  let group: Member[] = [];
  let rows = 0;
  let visited = 0;
  let next: Buffer | undefined;
  const close = () => {
    if (group.length > 1) groups.push(group);
    group = [];
    rows = 0;
  };
  for (const { key, value } of ctx.env.chunks.getRange({ start: from ?? tableStart(t.storageId), end: tableEnd(t.storageId) })) {
    if (visited >= maxChunks) {
      next = Buffer.from(key as Buffer);
      break;
    }
    visited++;
    const view = new ChunkView(value as Buffer);
    if (view.tableId !== t.record.id) continue;
    if (view.count >= SMALL_CHUNK_ROWS) {
      close();
      continue;
    }
    const first = group[0]?.view;
    // Members come in first-time order, so the merged span is the newest last time minus the first's first time.
    if (first && (rows + view.count > MERGED_CHUNK_ROWS || view.maxTs - first.minTs >= span)) close();
    group.push({ view, seq: chunkKeySeq(key as Buffer) });
    rows += view.count;
  }
  close();
  let merged = 0;
  for (const g of groups) {
    mergeGroup(ctx, t, g);
    merged += g.length - 1;
  }
  return { merged, next };
}

function mergeGroup(ctx: StoreContext, t: TableState, group: readonly Member[]): void {
  const all: { ts: bigint; series: number; fields: Value[] }[] = [];
  for (const { view } of group) {
    const ts = view.ts();
    const series = view.series();
    const cols = t.fields.map((_, s) => view.field(s, t.fieldTypes[s]!));
    for (let i = 0; i < view.count; i++) all.push({ ts: ts[i]!, series: series[i]!, fields: cols.map((c) => c?.[i] ?? null) });
  }
  // Stable: rows with equal times keep their chunk (write) order.
  all.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  const merged = { ts: [] as bigint[], series: [] as number[], fields: t.fields.map(() => boxedArray()) } satisfies ChunkInput;
  for (const r of all) {
    merged.ts.push(r.ts);
    merged.series.push(r.series);
    for (let s = 0; s < r.fields.length; s++) merged.fields[s]!.push(r.fields[s]!);
  }
  for (const { view, seq } of group) {
    ctx.env.chunks.removeSync(chunkKey(t.storageId, view.minTs, seq));
    ctx.env.chunkEnds.removeSync(chunkKey(t.storageId, view.maxTs, seq));
  }
  txStoreChunk(ctx, t, merged, group[0]!.seq);
}
