import type { Value } from '@sluice/pipeline-core';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeSeriesChunk } from '../codec/series-chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { seriesChunkKey } from '../keys/series-chunk-key.js';
import type { PendingSeries } from '../series/series-index.js';
import { valueColumn, type PreparedRows } from './prepare-rows.js';
import { MAX_CHUNK_ROWS, seriesSpan } from './series-run.js';
import { txPutHead, type HeadEntry } from './series-head.js';

const writer = new ByteWriter(1 << 16);

/** One chunk to store: a series, its first time and its rows (indices into the prepared columns). */
export interface SeriesChunkInput {
  readonly sid: number;
  readonly min: bigint;
  /** Times relative to `min`, strictly increasing. */
  readonly offs: readonly number[];
  /** fields[slot][row] (undefined: the row predates the column). */
  readonly fields: readonly (readonly (Value | undefined)[])[];
}

/** A chunk encoded before its series id is known (a write encodes outside its transaction). */
export interface EncodedSeriesChunk {
  readonly tags: readonly Value[];
  readonly min: bigint;
  readonly rows: number;
  readonly bytes: Buffer;
}

/**
 * The head entries a write transaction collects, per physical table, stored as one head record each
 * at the end of the write (series-head.ts) instead of one `series_chunks` put per series.
 */
export class HeadBatch {
  readonly byStorage = new Map<number, HeadEntry[]>();
  rows = 0;

  add(storageId: number, e: HeadEntry): void {
    let list = this.byStorage.get(storageId);
    if (list === undefined) this.byStorage.set(storageId, (list = []));
    list.push(e);
    this.rows += e.rows;
  }

  /** Writes the collected records (called at the end of the transaction, or before a rewrite that must see them). */
  txFlush(ctx: StoreContext): { storageId: number; chunks: number; rows: number }[] {
    const out: { storageId: number; chunks: number; rows: number }[] = [];
    for (const [storageId, list] of this.byStorage) {
      txPutHead(ctx, storageId, list);
      let rows = 0;
      for (const e of list) rows += e.rows;
      out.push({ storageId, chunks: list.length, rows });
    }
    this.byStorage.clear();
    this.rows = 0;
    return out;
  }
}

/**
 * Tables without append_mode: the write's rows grouped by series (tag values), each series' rows sorted
 * by time and deduplicated (the later row of one time wins; with `last_non_null` it keeps the earlier
 * rows' values where it has null), cut into chunks (at most a span and MAX_CHUNK_ROWS rows each) and
 * encoded, one series per step (the caller may yield between steps). Rows of earlier writes at the
 * same times are not read: a read resolves them by seq.
 */
export function* encodeSeriesGroups(t: TableState, rows: PreparedRows): Generator<EncodedSeriesChunk[]> {
  const n = rows.count;
  if (n === 0) return;
  // Rows grouped by tag values: a trie of Maps keyed by the values themselves (no key text per row;
  // consecutive rows of one series, as remote write sends them, skip even that).
  const groups: { tags: Value[]; idx: number[] }[] = [];
  const nTags = t.tags.length;
  const root = new Map<unknown, unknown>();
  const byText = new Map<string, { tags: Value[]; idx: number[] }>();
  const tags = valueColumn(nTags);
  let list: number[] | undefined;
  for (let i = 0; i < n; i++) {
    let same = list !== undefined;
    for (let s = 0; s < nTags; s++) {
      const v = rows.tags[s]![i]!;
      if (v !== tags[s]) {
        tags[s] = v;
        same = false;
      }
    }
    if (same) {
      list!.push(i);
      continue;
    }
    let g: { tags: Value[]; idx: number[] } | undefined;
    if (tags.every((v) => v === null || (typeof v !== 'object' && !Object.is(v, -0)))) {
      // Primitive values compare by value in a Map (-0 would equal 0 there: it takes the text key).
      let node = root;
      for (let s = 0; s < nTags - 1; s++) {
        let next = node.get(tags[s]) as Map<unknown, unknown> | undefined;
        if (next === undefined) node.set(tags[s], (next = new Map()));
        node = next;
      }
      const last = nTags > 0 ? tags[nTags - 1] : null;
      g = node.get(last) as typeof g;
      if (g === undefined) {
        node.set(last, (g = { tags: tags.slice(), idx: [] }));
        groups.push(g);
      }
    } else {
      const key = tagKey(tags);
      g = byText.get(key);
      if (g === undefined) {
        byText.set(key, (g = { tags: tags.slice(), idx: [] }));
        groups.push(g);
      }
    }
    list = g.idx;
    list.push(i);
  }
  const nonNull = t.opts.mergeMode === 'last_non_null';
  const span = seriesSpan(t);
  for (const g of groups) {
    const idx = dedupe(rows, g.idx, nonNull);
    const out: EncodedSeriesChunk[] = [];
    // Cut at a span and MAX_CHUNK_ROWS; rows are encoded straight from the prepared columns.
    let start = 0;
    while (start < idx.length) {
      const min = rows.ts[idx[start]!]!;
      let end = start + 1;
      while (end < idx.length && end - start < MAX_CHUNK_ROWS && rows.ts[idx[end]!]! - min < span) end++;
      const part = start === 0 && end === idx.length ? idx : idx.slice(start, end);
      const offs: number[] = new Array(part.length);
      for (let k = 0; k < part.length; k++) offs[k] = Number(rows.ts[part[k]!]! - min);
      writer.reset();
      encodeSeriesChunk(writer, t.fieldTypes, offs, offs.length, rows.fields, part);
      out.push({ tags: g.tags, min, rows: offs.length, bytes: writer.take() });
      start = end;
    }
    yield out;
  }
}

/** A text key telling tag tuples apart (type and value of each tag). */
function tagKey(tags: readonly Value[]): string {
  let k = '';
  for (const v of tags) {
    const text = typeof v === 'string' ? v : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : Object.is(v, -0) ? '-0' : String(v);
    k += `${typeof v}${text.length}:${text}`;
  }
  return k;
}

/**
 * Inside the write transaction: resolves each encoded chunk's series and adds it to the head batch
 * under the key a direct put would use (one counter update).
 */
export function txPutEncodedSeriesChunks(ctx: StoreContext, t: TableState, chunks: readonly EncodedSeriesChunk[], pending: PendingSeries, head: HeadBatch): void {
  if (chunks.length === 0) return;
  let seq = ctx.catalog.txNext('seq', chunks.length);
  let lastTags: readonly Value[] | undefined;
  let sid = -1;
  for (const c of chunks) {
    if (c.tags !== lastTags) {
      sid = ctx.series.txResolve(t, c.tags, pending);
      lastTags = c.tags;
    }
    head.add(t.storageId, { tableId: t.record.id, sid, min: c.min, seq: seq++, rows: c.rows, bytes: c.bytes });
  }
}

/** The synchronous path (inside the transaction): encode and add to the head batch. */
export function txPutSeriesChunks(ctx: StoreContext, t: TableState, rows: PreparedRows, pending: PendingSeries, head: HeadBatch): void {
  const all: EncodedSeriesChunk[] = [];
  for (const step of encodeSeriesGroups(t, rows)) all.push(...step);
  txPutEncodedSeriesChunks(ctx, t, all, pending, head);
}

/** Stores chunks under fresh sequence numbers (one counter update for all). */
export function txStoreSeriesChunks(ctx: StoreContext, t: TableState, chunks: readonly SeriesChunkInput[]): void {
  if (chunks.length === 0) return;
  let seq = ctx.catalog.txNext('seq', chunks.length);
  for (const c of chunks) txPutSeriesChunk(ctx, t, c, seq++);
}

export function txPutSeriesChunk(ctx: StoreContext, t: TableState, c: SeriesChunkInput, seq: number): void {
  writer.reset();
  encodeSeriesChunk(writer, t.fieldTypes, c.offs, c.offs.length, c.fields);
  ctx.env.seriesChunks.putSync(seriesChunkKey(t.storageId, c.sid, c.min, seq), writer.buf.subarray(0, writer.pos));
}

/**
 * One series' row indices in time order, one per time: the last row of each time, its null fields
 * filled from earlier rows of that time when `nonNull`. Sorted input (the usual case) is not copied.
 */
function dedupe(rows: PreparedRows, idx: number[], nonNull: boolean): number[] {
  const ts = rows.ts;
  let sorted = true;
  for (let k = 1; k < idx.length; k++) {
    if (ts[idx[k]!]! <= ts[idx[k - 1]!]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return idx;
  // Stable by write order within one time.
  const order = idx.slice().sort((a, b) => (ts[a]! < ts[b]! ? -1 : ts[a]! > ts[b]! ? 1 : a - b));
  const out: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (out.length > 0 && ts[out[out.length - 1]!] === ts[i]) {
      const prev = out[out.length - 1]!;
      if (nonNull) for (const col of rows.fields) if (col[i] === null) col[i] = col[prev]!;
      out[out.length - 1] = i;
    } else out.push(i);
  }
  return out;
}

/** Cuts one series' sorted, unique rows into chunks of at most a span and MAX_CHUNK_ROWS rows. */
export function cutSeries(t: TableState, sid: number, idx: readonly number[], ts: readonly bigint[], fields: readonly (readonly (Value | undefined)[])[], out: SeriesChunkInput[]): void {
  const span = seriesSpan(t);
  let start = 0;
  while (start < idx.length) {
    const min = ts[idx[start]!]!;
    let end = start + 1;
    while (end < idx.length && end - start < MAX_CHUNK_ROWS && ts[idx[end]!]! - min < span) end++;
    const offs: number[] = new Array(end - start);
    for (let k = start; k < end; k++) offs[k - start] = Number(ts[idx[k]!]! - min);
    const f = fields.map((col) => {
      const c: (Value | undefined)[] = valueColumn(end - start);
      for (let k = start; k < end; k++) c[k - start] = col[idx[k]!];
      return c;
    });
    out.push({ sid, min, offs, fields: f });
    start = end;
  }
}
