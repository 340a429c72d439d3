import type { Value } from '@sluice/pipeline-core';
import { ChunkView } from '../codec/chunk-codec.js';
import { andRows, hasRow, rowsOfBits, type RowBits } from '../codec/row-bits.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { CHUNK_SPAN_NS, chunkKey, chunkKeySeq, chunkKeyTime } from '../keys/chunk-key.js';
import { tableEnd, tableStart } from '../keys/row-key.js';
import { compilePredicates, type CompiledPredicates } from './predicates.js';
import { applyRange, type RowSourceOptions } from './row-source.js';
import { spanInUnit } from './time-bounds.js';

/** A chunk with its visible rows (indices in time order) and the columns decoded so far. */
export class LoadedChunk {
  private readonly fieldCache = new Map<number, Value[] | undefined>();
  /** The pool buffer holding the chunk's bytes (recycling scans), given back when its rows are emitted. */
  pooled: Buffer | undefined;
  constructor(
    readonly view: ChunkView,
    /** The chunk's sequence number (with view.minTs, its key). */
    readonly seq: number,
    private readonly t: TableState,
    /** Visible row indices, ascending time. */
    readonly rows: number[],
    readonly seriesTags: (sid: number) => readonly Value[],
  ) {}

  time(): bigint[] {
    return this.view.ts();
  }

  series(): Uint32Array {
    return this.view.series();
  }

  /** A field slot's values for every row of the chunk; `undefined` when the chunk predates the slot. */
  field(slot: number): Value[] | undefined {
    if (!this.fieldCache.has(slot)) this.fieldCache.set(slot, this.view.field(slot, this.t.fieldTypes[slot]!, this.rows));
    return this.fieldCache.get(slot);
  }
}

/** Rows to emit, in order: indices into one chunk. */
export interface ChunkSlice {
  readonly chunk: LoadedChunk;
  readonly rows: readonly number[];
}

/**
 * Iterates an append-mode table's visible rows in time order (ascending by first time over `chunks`,
 * descending by last time over `chunk_ends`), as slices of chunks. Overlapping chunks are merged by
 * time; a chunk is emitted whole when nothing else can interleave with it.
 */
export function chunkSource(ctx: StoreContext, t: TableState, o: ChunkSourceOptions): Iterable<ChunkSlice> {
  const preds = compilePredicates(t, o.predicates ?? []);
  applyRange(ctx, t, o, preds);
  return { [Symbol.iterator]: () => (o.descending ? descending(ctx, t, preds) : o.recycleBuffers && !o.inWriteTxn ? recycling(ctx, t, preds) : ascending(ctx, t, preds)) };
}

export interface ChunkSourceOptions extends RowSourceOptions {
  /**
   * Ascending only: the caller keeps nothing of a slice (its chunk's columns, bitmaps, views) once it asks
   * for the next one, so a chunk's bytes may go to a buffer reused by a later chunk (no buffer per chunk).
   */
  readonly recycleBuffers?: boolean;
}

function* ascending(ctx: StoreContext, t: TableState, preds: CompiledPredicates): Generator<ChunkSlice> {
  const range = chunkRange(t, preds);
  if (range === undefined) return;
  const loader = chunkLoader(ctx, t, preds);
  const pending: Cursor[] = [];
  for (const { key, value } of ctx.env.chunks.getRange(range)) {
    const view = new ChunkView(value as Buffer);
    if (view.tableId !== t.record.id || (preds.lo !== undefined && view.maxTs < preds.lo)) continue;
    const c = loader(view, chunkKeySeq(key as Buffer));
    if (!c) continue;
    yield* drain(pending, view.minTs, false);
    pending.push({ chunk: c, pos: 0 });
  }
  yield* drain(pending, undefined, false);
}

/** The `chunks` keys an ascending scan reads; undefined when the time range is empty. */
function chunkRange(t: TableState, preds: CompiledPredicates): { start: Buffer; end: Buffer } | undefined {
  if (preds.lo !== undefined && preds.hi !== undefined && preds.lo >= preds.hi) return undefined;
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  const start = preds.lo === undefined ? tableStart(t.storageId) : chunkKey(t.storageId, preds.lo - span, 0);
  const end = preds.hi === undefined ? tableEnd(t.storageId) : chunkKey(t.storageId, preds.hi, 0);
  return { start, end };
}

/**
 * `ascending` for callers that keep nothing of a slice (ChunkSourceOptions.recycleBuffers): keys are read
 * without values and each chunk's bytes copied from lmdb-js's shared read buffer (getBinaryFast) into a
 * buffer of a small pool, given back once the chunk's rows are all emitted. One read transaction holds the
 * keys and bodies in one snapshot (a concurrent compaction cannot be half seen).
 */
function* recycling(ctx: StoreContext, t: TableState, preds: CompiledPredicates): Generator<ChunkSlice> {
  const range = chunkRange(t, preds);
  if (range === undefined) return;
  const loader = chunkLoader(ctx, t, preds);
  const pending: Cursor[] = [];
  const free: Buffer[] = [];
  const release = (c: LoadedChunk) => void free.push(c.pooled!);
  const txn = ctx.env.root.useReadTransaction();
  // lmdb-js takes a transaction in get options at run time; its typings omit the parameter.
  const getFast = ctx.env.chunks.getBinaryFast.bind(ctx.env.chunks) as (k: Buffer, o: { transaction: typeof txn }) => Buffer | undefined;
  try {
    for (const key of ctx.env.chunks.getKeys({ ...range, transaction: txn })) {
      const body = getFast(key as Buffer, { transaction: txn });
      if (body === undefined) continue;
      // lmdb-js's shared buffer is longer than the value: its `length` is set to the value's size.
      const size = body.length;
      let pooled = free.pop();
      if (pooled === undefined || pooled.length < size) pooled = Buffer.allocUnsafe(Math.max(size, 16_384, pooled?.length ?? 0));
      pooled.set(new Uint8Array(body.buffer, body.byteOffset, size));
      const view = new ChunkView(pooled.subarray(0, size));
      const c = view.tableId !== t.record.id || (preds.lo !== undefined && view.maxTs < preds.lo) ? undefined : loader(view, chunkKeySeq(key as Buffer));
      if (!c) {
        free.push(pooled);
        continue;
      }
      c.pooled = pooled;
      yield* drain(pending, view.minTs, false, release);
      pending.push({ chunk: c, pos: 0 });
    }
    yield* drain(pending, undefined, false, release);
  } finally {
    txn.done();
  }
}

function* descending(ctx: StoreContext, t: TableState, preds: CompiledPredicates): Generator<ChunkSlice> {
  if (preds.lo !== undefined && preds.hi !== undefined && preds.lo >= preds.hi) return;
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  const start = preds.hi === undefined ? tableEnd(t.storageId) : chunkKey(t.storageId, preds.hi + span, 0);
  const end = preds.lo === undefined ? tableStart(t.storageId) : chunkKey(t.storageId, preds.lo, 0);
  const loader = chunkLoader(ctx, t, preds);
  const pending: Cursor[] = [];
  // Chunk bodies are fetched by key while iterating `chunk_ends`: read both in one snapshot, so a
  // concurrent compaction or delete cannot be half seen.
  const txn = ctx.env.root.useReadTransaction();
  // lmdb-js takes a transaction in get options at run time; its typings omit the parameter.
  const getBody = ctx.env.chunks.getBinary.bind(ctx.env.chunks) as (k: Buffer, o: { transaction: typeof txn }) => Buffer | undefined;
  try {
    for (const { key, value } of ctx.env.chunkEnds.getRange({ start, end, reverse: true, transaction: txn })) {
      const minTs = (value as Buffer).readBigInt64BE(0);
      if (preds.hi !== undefined && minTs >= preds.hi) continue;
      const seq = chunkKeySeq(key as Buffer);
      const body = getBody(chunkKey(t.storageId, minTs, seq), { transaction: txn });
      if (body === undefined) continue;
      const view = new ChunkView(body);
      if (view.tableId !== t.record.id) continue;
      const c = loader(view, seq);
      if (!c) continue;
      yield* drain(pending, chunkKeyTime(key as Buffer), true);
      pending.push({ chunk: c, pos: c.rows.length - 1 });
    }
    yield* drain(pending, undefined, true);
  } finally {
    txn.done();
  }
}

interface Cursor {
  readonly chunk: LoadedChunk;
  /** Next row (index into chunk.rows): ascending counts up, descending counts down. */
  pos: number;
}

/**
 * Emits pending rows that come before `bound` (ascending: ts < bound; descending: ts > bound), or all
 * of them when bound is undefined, merging cursors by time.
 */
function* drain(pending: Cursor[], bound: bigint | undefined, desc: boolean, done?: (c: LoadedChunk) => void): Generator<ChunkSlice> {
  const before = (ts: bigint) => bound === undefined || (desc ? ts > bound : ts < bound);
  while (pending.length > 0) {
    if (pending.length === 1) {
      const p = pending[0]!;
      const { rows } = p.chunk;
      const whole = bound === undefined || (desc ? p.chunk.view.minTs > bound : p.chunk.view.maxTs < bound);
      let cut = p.pos;
      if (whole) cut = desc ? -1 : rows.length;
      else {
        const ts = p.chunk.time();
        if (desc) while (cut >= 0 && before(ts[rows[cut]!]!)) cut--;
        else while (cut < rows.length && before(ts[rows[cut]!]!)) cut++;
      }
      if (cut !== p.pos) yield { chunk: p.chunk, rows: desc ? rows.slice(cut + 1, p.pos + 1).reverse() : p.pos === 0 && cut === rows.length ? rows : rows.slice(p.pos, cut) };
      p.pos = cut;
      if (desc ? cut < 0 : cut >= rows.length) {
        // Popped before the callback (an optional call would skip evaluating its argument).
        const c = pending.pop()!.chunk;
        if (done) done(c);
      }
      return;
    }
    // Several chunks overlap: emit one row at a time from the cursor with the earliest (latest) time.
    let best = -1;
    let bestTs = 0n;
    for (let i = 0; i < pending.length; i++) {
      const p = pending[i]!;
      const ts = p.chunk.time()[p.chunk.rows[p.pos]!]!;
      if (best < 0 || (desc ? ts > bestTs : ts < bestTs)) {
        best = i;
        bestTs = ts;
      }
    }
    if (!before(bestTs)) return;
    const p = pending[best]!;
    yield { chunk: p.chunk, rows: [p.chunk.rows[p.pos]!] };
    p.pos += desc ? -1 : 1;
    if (desc ? p.pos < 0 : p.pos >= p.chunk.rows.length) {
      pending.splice(best, 1);
      if (done) done(p.chunk);
    }
  }
}

/** Builds a LoadedChunk with the rows passing the time range and predicates; undefined when none do. */
function chunkLoader(ctx: StoreContext, t: TableState, preds: CompiledPredicates): (view: ChunkView, seq: number) => LoadedChunk | undefined {
  const tagCache = new Map<number, readonly Value[] | null>();
  const seriesTags = (sid: number): readonly Value[] => tagsOf(sid) ?? [];
  const tagsOf = (sid: number): readonly Value[] | null => {
    let tags = tagCache.get(sid);
    if (tags === undefined) {
      const e = ctx.series.entry(t, sid);
      tags = e && e.tableId === t.record.id && preds.tagTests.every((p) => p.test(e.tags[p.slot] ?? null)) ? e.tags : null;
      tagCache.set(sid, tags);
    }
    return tags;
  };
  return (view, seq) => {
    const checkTime = (preds.lo !== undefined && view.minTs < preds.lo) || (preds.hi !== undefined && view.maxTs >= preds.hi) || preds.timeTests.length > 0;
    const deltas = checkTime ? view.deltas() : undefined;
    // Bounds as offsets from the chunk's first time (exact within a chunk's one-minute span).
    const loD = preds.lo === undefined || preds.lo <= view.minTs ? -1 : Number(preds.lo - view.minTs);
    const hiD = preds.hi === undefined || preds.hi > view.maxTs ? Infinity : Number(preds.hi - view.minTs);
    // The chunk's full-text index answers text tests, or rules the chunk out, before any column is decoded.
    const indexed: (RowBits | undefined)[] = [];
    for (const f of preds.fieldTests) {
      const ix = f.text !== undefined ? view.textIndex(f.slot) : undefined;
      const m = ix !== undefined ? f.text!.probe(ix, view.count) : undefined;
      if (m === null) return undefined;
      indexed.push(m);
    }
    const series = preds.tagTests.length > 0 ? view.series() : undefined;
    const fieldCols = preds.fieldTests.map((f, k) => {
      const dflt = t.fields[f.slot]!.default ?? null;
      // A text test runs on the index or the chunk's bytes: its rows come as a bitmap.
      const bits = indexed[k] ?? (f.text !== undefined && view.hasSlot(f.slot) ? view.textMask(f.slot, f.text.op, f.text.operand) : undefined);
      return { test: f.test, values: bits === undefined ? view.field(f.slot, t.fieldTypes[f.slot]!) : undefined, dflt, bits };
    });
    if (!deltas && !series && fieldCols.length === 0) return new LoadedChunk(view, seq, t, allRows(view.count), seriesTags);
    if (!deltas && !series && fieldCols.every((f) => f.bits !== undefined)) {
      // Only text tests: the rows are the bits set in every bitmap, no step per row.
      const first = fieldCols[0]!.bits!;
      for (let m = 1; m < fieldCols.length; m++) if (!andRows(first, fieldCols[m]!.bits!)) return undefined;
      const rows = rowsOfBits(first);
      return rows.length === 0 ? undefined : new LoadedChunk(view, seq, t, rows, seriesTags);
    }
    const rows: number[] = [];
    for (let i = 0; i < view.count; i++) {
      if (deltas) {
        const d = deltas[i]!;
        if (d < loD || d >= hiD) continue;
        if (preds.timeTests.length > 0) {
          const v = view.tsAt(i);
          if (!preds.timeTests.every((test) => test(v))) continue;
        }
      }
      if (series && tagsOf(series[i]!) === null) continue;
      let ok = true;
      for (const f of fieldCols) {
        if (f.bits !== undefined ? !hasRow(f.bits, i) : !f.test(f.values === undefined ? f.dflt : f.values[i]!)) {
          ok = false;
          break;
        }
      }
      if (ok) rows.push(i);
    }
    return rows.length === 0 ? undefined : new LoadedChunk(view, seq, t, rows, seriesTags);
  };
}

/** 0..n−1, shared between chunks of one size (slices never modify their row lists). */
const ALL_ROWS = new Map<number, readonly number[]>();
function allRows(n: number): number[] {
  let r = ALL_ROWS.get(n);
  if (r === undefined) {
    r = Array.from({ length: n }, (_, i) => i);
    if (ALL_ROWS.size > 64) ALL_ROWS.clear();
    ALL_ROWS.set(n, r);
  }
  return r as number[];
}
