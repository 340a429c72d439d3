import type { Value } from '@sluice/pipeline-core';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeChunk, encodeSeriesBlock } from '../codec/chunk-codec.js';
import { encodeChunkMeta } from '../codec/chunk-stats.js';
import { writeTextIndex } from '../codec/text-index.js';
import { fulltextSlots } from './fulltext-slots.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { CHUNK_SPAN_NS, chunkKey } from '../keys/chunk-key.js';
import type { PendingSeries } from '../series/series-index.js';
import type { EncodedAppendWrite } from '../store.js';
import { valueColumn, type PreparedRows } from './prepare-rows.js';
import { spanInUnit } from './time-bounds.js';

const writer = new ByteWriter(1 << 20);

/** Rows of one chunk: time, series and field slots, in time order. */
export interface ChunkInput {
  readonly ts: readonly bigint[];
  readonly series: readonly number[];
  readonly fields: readonly (readonly Value[])[];
}

/**
 * Inside a write transaction: stores an append-mode table's rows as column chunks, sorted by time and
 * cut wherever a chunk would span more than CHUNK_SPAN_NS. Rows already in time order (the usual case)
 * go to their chunks without being copied.
 */
export function txPutChunks(ctx: StoreContext, t: TableState, rows: PreparedRows, pending: PendingSeries): void {
  const n = rows.count;
  if (n === 0) return;
  const series: number[] = new Array(n);
  const tags = valueColumn(t.tags.length);
  let id = -1;
  for (let i = 0; i < n; i++) {
    // Consecutive rows of one series resolve once.
    let same = id >= 0;
    for (let s = 0; s < tags.length; s++) {
      const v = rows.tags[s]![i]!;
      if (v !== tags[s]) {
        tags[s] = v;
        same = false;
      }
    }
    if (!same) id = ctx.series.txResolve(t, tags, pending);
    series[i] = id;
  }
  for (const c of cutChunks(t, rows, series)) txStoreChunk(ctx, t, c, ctx.catalog.txNext('seq'));
}

/**
 * The rows (with their series ids) sorted by time and cut into chunks of one span and MAX_CHUNK_ROWS rows
 * at most. `series` travels with the rows: a caller that does not know the ids yet passes row indices.
 */
export function* cutChunks(t: TableState, rows: PreparedRows, series: number[]): Generator<ChunkInput> {
  const n = rows.count;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (rows.ts[i]! < rows.ts[i - 1]!) sorted = false;
  let all: ChunkInput = { ts: rows.ts, series, fields: rows.fields };
  if (!sorted) {
    const order = Array.from({ length: n }, (_, i) => i);
    const ts = rows.ts;
    order.sort((a, b) => (ts[a]! < ts[b]! ? -1 : ts[a]! > ts[b]! ? 1 : a - b));
    all = { ts: order.map((i) => ts[i]!), series: order.map((i) => series[i]!), fields: rows.fields.map((col) => permute(col, order)) };
  }
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  let start = 0;
  while (start < n) {
    // (Times below `limit` fit the chunk: a comparison per row, not a BigInt difference.)
    const limit = all.ts[start]! + span;
    let end = start + 1;
    while (end < n && end - start < MAX_CHUNK_ROWS && all.ts[end]! < limit) end++;
    const c: ChunkInput =
      start === 0 && end === n ? all : { ts: all.ts.slice(start, end), series: all.series.slice(start, end), fields: all.fields.map((col) => col.slice(start, end)) };
    yield c;
    start = end;
  }
}

/** `col` reordered by `order`, in a boxed array (NaN payloads kept). */
function permute(col: readonly Value[], order: readonly number[]): Value[] {
  const out = valueColumn(order.length);
  for (let k = 0; k < order.length; k++) out[k] = col[order[k]!]!;
  return out;
}

/** Inside a write transaction: writes one chunk (non-empty, time-sorted) under both of its keys. */
export function txStoreChunk(ctx: StoreContext, t: TableState, c: ChunkInput, seq: number): void {
  txPutEncodedChunk(ctx, t, encodeChunkEntry(t, c, false), seq);
}

/** A chunk encoded (outside the transaction, or in it) before its sequence number is known. */
export interface EncodedChunk {
  readonly min: bigint;
  readonly max: bigint;
  readonly body: Buffer;
  readonly meta: Buffer;
}

/** Encodes a chunk and its metadata; `copy` when the bytes must outlive the shared writer buffer. */
export function encodeChunkEntry(t: TableState, c: ChunkInput, copy = true): EncodedChunk {
  writer.reset();
  const stats = encodeChunk(writer, t.fieldTypes, { tableId: t.record.id, ts: c.ts, series: c.series, fields: c.fields });
  writeTextIndex(writer, fulltextSlots(t), c.fields);
  const min = c.ts[0]!;
  const max = c.ts[c.ts.length - 1]!;
  return { min, max, body: copy ? writer.take() : writer.buf.subarray(0, writer.pos), meta: encodeChunkMeta(t.fieldTypes, min, t.record.id, c.ts.length, stats) };
}

export function txPutEncodedChunk(ctx: StoreContext, t: TableState, e: EncodedChunk, seq: number): void {
  ctx.env.chunks.putSync(chunkKey(t.storageId, e.min, seq), e.body);
  ctx.env.chunkEnds.putSync(chunkKey(t.storageId, e.max, seq), e.meta);
}

/** Rows per chunk at most (a large write is cut, so encoding one chunk stays short). */
export const MAX_CHUNK_ROWS = 4096;

/**
 * Outside the transaction: the chunks of an append-mode write, when every row's series already exists
 * (their ids go into the chunks); undefined otherwise (the write then encodes in its transaction).
 * Yields to the event loop between chunks.
 */
export async function preEncodeChunks(ctx: StoreContext, t: TableState, rows: PreparedRows, pause: () => Promise<void>): Promise<EncodedChunk[] | undefined> {
  const n = rows.count;
  const series: number[] = new Array(n);
  const tags = valueColumn(t.tags.length);
  let id: number | undefined = -1;
  for (let i = 0; i < n; i++) {
    let same = id !== -1;
    for (let s = 0; s < tags.length; s++) {
      const v = rows.tags[s]![i]!;
      if (v !== tags[s]) {
        tags[s] = v;
        same = false;
      }
    }
    if (!same) {
      id = ctx.series.lookup(t, tags);
      if (id === undefined) return undefined;
    }
    series[i] = id!;
    if ((i & 4095) === 4095) await pause();
  }
  const out: EncodedChunk[] = [];
  for (const c of cutChunks(t, rows, series)) {
    out.push(encodeChunkEntry(t, c));
    await pause();
  }
  return out;
}

/**
 * Inside a write transaction: stores a write encoded ahead (encode-append.ts) against this very table
 * state: resolves each row's series, then writes each chunk's bytes around its series block.
 */
export function txPutEncodedAppend(ctx: StoreContext, t: TableState, e: EncodedAppendWrite, pending: PendingSeries): void {
  const n = e.count;
  const series = new Uint32Array(n);
  const tags = valueColumn(t.tags.length);
  let id = -1;
  for (let i = 0; i < n; i++) {
    let same = id >= 0;
    for (let s = 0; s < tags.length; s++) {
      const v = e.tags[s]![i]!;
      if (v !== tags[s]) {
        tags[s] = v;
        same = false;
      }
    }
    if (!same) id = ctx.series.txResolve(t, tags, pending);
    series[i] = id;
  }
  let seq = ctx.catalog.txNext('seq', e.chunks.length);
  let at = 0;
  for (const c of e.chunks) {
    writer.reset();
    writer.raw(c.head);
    encodeSeriesBlock(writer, series, at, at + c.rows);
    writer.raw(c.fields);
    at += c.rows;
    ctx.env.chunks.putSync(chunkKey(t.storageId, c.min, seq), writer.buf.subarray(0, writer.pos));
    ctx.env.chunkEnds.putSync(chunkKey(t.storageId, c.max, seq), Buffer.from(c.meta.buffer, c.meta.byteOffset, c.meta.byteLength));
    seq++;
  }
}
