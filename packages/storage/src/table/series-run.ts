import type { ColumnType, Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import { ABSENT, colValue, SeriesChunkView, type Col } from '../codec/series-chunk-codec.js';
import type { StoreContext } from '../context.js';
import { keyChunkMin, keyChunkSeq, keyChunkSeries, seriesEnd, seriesTimeBound } from '../keys/series-chunk-key.js';
import { spanInUnit } from './time-bounds.js';
import { MAX_TS, MIN_TS } from '../keys/row-key.js';
import { headView, type HeadView } from './series-head.js';

/** A chunk's times lie in [key minTime, key minTime + span): one hour of the time index's unit. */
export const SERIES_CHUNK_SPAN_NS = 3_600_000_000_000n;
/** Rows per chunk at most (writes and compaction cut there). */
export const MAX_CHUNK_ROWS = 2048;
/** A series is read in windows of this many spans (bounded memory per series). */
const WINDOW_SPANS = 8n;

export const seriesSpan = (t: TableState): bigint => spanInUnit(SERIES_CHUNK_SPAN_NS, t.timeUnit);
export const windowSize = (t: TableState): bigint => seriesSpan(t) * WINDOW_SPANS;

/** One stored chunk of a series as read: its key's minTime and seq, and the decoded view. */
export interface StoredChunk {
  readonly key: Buffer;
  readonly min: bigint;
  readonly seq: number;
  readonly view: SeriesChunkView;
}

/**
 * The rows of one series in a time window, resolved: time order, one row per time (merge_mode decides
 * which values a time keeps when several chunks hold it: the latest write, or per field the latest
 * non-null). Columns are gathered on first use.
 */
export class Run {
  private readonly cols: (Col | undefined)[] = [];

  constructor(
    /** Times are `base + offs[i]`. */
    readonly base: bigint,
    readonly offs: Float64Array,
    readonly n: number,
    private readonly chunks: readonly StoredChunk[],
    /** Sorted entries: chunk index and row of each, grouped by time; group k ends at gEnd[k]. */
    private readonly ej: Int32Array,
    private readonly ei: Int32Array,
    private readonly gEnd: Int32Array | undefined,
    private readonly types: readonly ColumnType[],
    private readonly nonNull: boolean,
  ) {}

  col(slot: number): Col {
    let c = this.cols[slot];
    if (c === undefined) this.cols[slot] = c = this.gather(slot);
    return c;
  }

  value(slot: number, i: number): Value | undefined {
    return colValue(this.col(slot), i);
  }

  private gather(slot: number): Col {
    const type = this.types[slot]!;
    const src = this.chunks.map((c) => c.view.col(slot, type));
    if (src.every((c) => c.kind === 'absent')) return ABSENT;
    const n = this.n;
    const { ej, ei, gEnd } = this;
    // The entry whose value row k takes.
    const pick = (k: number): number => {
      const end = gEnd === undefined ? k + 1 : gEnd[k]!;
      if (!this.nonNull || gEnd === undefined) return end - 1;
      const start = k === 0 ? 0 : gEnd[k - 1]!;
      for (let e = end - 1; e >= start; e--) {
        const v = colValue(src[ej[e]!]!, ei[e]!);
        if (v !== null && v !== undefined) return e;
      }
      return end - 1;
    };
    if (type === 'float64') {
      const f64 = new Float64Array(n);
      const valid = new Uint8Array((n + 7) >> 3);
      let absent: Uint8Array | undefined;
      let allValid = true;
      // Fast path: one chunk per row and no merge (the usual case): copy values straight.
      for (let k = 0; k < n; k++) {
        const e = pick(k);
        const c = src[ej[e]!]!;
        const i = ei[e]!;
        if (c.kind === 'f64') {
          const isAbsent = c.absent !== undefined && (c.absent[i >> 3]! & (1 << (i & 7))) !== 0;
          if (!isAbsent && (c.valid === undefined || (c.valid[i >> 3]! & (1 << (i & 7))) !== 0)) {
            f64[k] = c.f64[i]!;
            valid[k >> 3]! |= 1 << (k & 7);
            continue;
          }
          allValid = false;
          if (isAbsent) (absent ??= new Uint8Array((n + 7) >> 3))[k >> 3]! |= 1 << (k & 7);
        } else {
          allValid = false;
          if (colValue(c, i) === undefined) (absent ??= new Uint8Array((n + 7) >> 3))[k >> 3]! |= 1 << (k & 7);
        }
      }
      return { kind: 'f64', f64, ...(allValid ? {} : { valid }), ...(absent ? { absent } : {}) };
    }
    const values: (Value | undefined)[] = new Array(n).fill(null);
    for (let k = 0; k < n; k++) {
      const e = pick(k);
      values[k] = colValue(src[ej[e]!]!, ei[e]!);
    }
    return { kind: 'boxed', values };
  }
}

/**
 * The chunks of a series whose key minTime lies in [from, to), in key order: one LMDB range read, merged
 * with the series' chunks still in the head (series-head.ts) of the same snapshot.
 */
export function readChunks(ctx: StoreContext, t: TableState, sid: number, from: bigint, to: bigint, txn: unknown, head?: HeadView): StoredChunk[] {
  const out: StoredChunk[] = [];
  const range = ctx.env.seriesChunks.getRange({ start: seriesTimeBound(t.storageId, sid, from), end: seriesTimeBound(t.storageId, sid, to), transaction: txn } as Parameters<typeof ctx.env.seriesChunks.getRange>[0]);
  for (const { key, value } of range) {
    const k = key as Buffer;
    out.push({ key: k, min: keyChunkMin(k), seq: keyChunkSeq(k), view: new SeriesChunkView(value as Buffer) });
  }
  return withHead(head ?? headView(ctx, t.storageId, txn), sid, from, to, out);
}

/** Series read together with one LMDB range read by readChunksOfSeries. */
const GROUP = 64;

/**
 * readChunks of each of `sids` (ascending), in that order: groups of up to GROUP series read with one
 * LMDB range read each (one cursor set-up per group, not per series). Chunks of the range that are not
 * wanted (another series, or a minTime outside [from, to)) are skipped; once they outnumber the wanted
 * ones (narrow time ranges over long series, sparse series sets) the rest of the group reads series by
 * series. Each range read is drained before its chunks are handed out (no cursor stays open).
 */
export function* readChunksOfSeries(ctx: StoreContext, t: TableState, sids: readonly number[], from: bigint, to: bigint, txn: unknown, head: HeadView): Generator<[sid: number, chunks: StoredChunk[]]> {
  for (let a = 0; a < sids.length; a += GROUP) {
    const b = Math.min(sids.length, a + GROUP);
    // The window as the key bounds clamp it (readChunks' range read sees the same chunks).
    const lo = from < MIN_TS ? MIN_TS : from > MAX_TS ? MAX_TS : from;
    const hi = to < MIN_TS ? MIN_TS : to > MAX_TS ? MAX_TS : to;
    const got: StoredChunk[][] = [];
    let i = a;
    let cur: StoredChunk[] = [];
    let wanted = 0;
    let skipped = 0;
    const range = ctx.env.seriesChunks.getRange({ start: seriesTimeBound(t.storageId, sids[a]!, from), end: seriesEnd(t.storageId, sids[b - 1]!), transaction: txn } as Parameters<typeof ctx.env.seriesChunks.getRange>[0]);
    for (const { key, value } of range) {
      const k = key as Buffer;
      const sid = keyChunkSeries(k);
      while (i < b && sids[i]! < sid) {
        got.push(cur);
        cur = [];
        i++;
      }
      const min = sids[i] === sid ? keyChunkMin(k) : undefined;
      if (min === undefined || min < lo || min >= hi) {
        if (++skipped > wanted + GROUP) break;
        continue;
      }
      wanted++;
      cur.push({ key: k, min, seq: keyChunkSeq(k), view: new SeriesChunkView(value as Buffer) });
    }
    // Series not finished when the range read stopped early are read one by one; when it ran to its
    // end, series i holds `cur` and those after it have no stored chunk in the window.
    const stopped = skipped > wanted + GROUP;
    for (let j = a; j < b; j++) {
      const sid = sids[j]!;
      const stored = j - a < got.length ? got[j - a]! : stopped ? undefined : j === i ? cur : [];
      yield [sid, stored === undefined ? readChunks(ctx, t, sid, from, to, txn, head) : withHead(head, sid, from, to, stored)];
    }
  }
}

/** `stored` (in key order) merged with the series' head chunks with key minTime in [from, to). */
export function withHead(head: HeadView, sid: number, from: bigint | undefined, to: bigint | undefined, stored: StoredChunk[]): StoredChunk[] {
  if (!head.has(sid)) return stored;
  const extra = head.chunks(sid, from, to);
  if (extra.length === 0) return stored;
  if (stored.length === 0) return extra;
  return stored.concat(extra).sort((a, b) => (a.min < b.min ? -1 : a.min > b.min ? 1 : a.seq - b.seq));
}

/**
 * The resolved rows of series `sid` with times in [wlo, whi), or undefined when it has none there.
 * Chunks that do not overlap are concatenated; overlapping ones are merged by time, the higher seq
 * (later write) first in each time's group.
 */
export function readWindow(ctx: StoreContext, t: TableState, sid: number, wlo: bigint, whi: bigint, txn: unknown, head?: HeadView): Run | undefined {
  const chunks = readChunks(ctx, t, sid, wlo - seriesSpan(t) + 1n, whi, txn, head);
  return resolveChunks(t, chunks, wlo, whi);
}

export function resolveChunks(t: TableState, chunks: readonly StoredChunk[], wlo: bigint, whi: bigint): Run | undefined {
  if (chunks.length === 0) return undefined;
  const width = Number(whi - wlo);
  const deltas = chunks.map((c) => Number(c.min - wlo));
  // Per chunk the rows inside the window: [from, to).
  const offs = chunks.map((c) => c.view.offs());
  const from: number[] = [];
  const to: number[] = [];
  let total = 0;
  for (let j = 0; j < chunks.length; j++) {
    const o = offs[j]!;
    const d = deltas[j]!;
    let a = 0;
    while (a < o.length && d + o[a]! < 0) a++;
    let b = o.length;
    while (b > a && d + o[b - 1]! >= width) b--;
    from.push(a);
    to.push(b);
    total += b - a;
  }
  if (total === 0) return undefined;
  // No overlap (chunks in key order, each starting after the previous one ends): concatenate.
  let disjoint = true;
  let lastMax = -Infinity;
  for (let j = 0; j < chunks.length && disjoint; j++) {
    if (from[j] === to[j]) continue;
    const first = deltas[j]! + offs[j]![from[j]!]!;
    if (first <= lastMax) disjoint = false;
    lastMax = deltas[j]! + offs[j]![to[j]! - 1]!;
  }
  const ej = new Int32Array(total);
  const ei = new Int32Array(total);
  const nonNull = t.opts.mergeMode === 'last_non_null';
  if (disjoint) {
    const out = new Float64Array(total);
    let k = 0;
    for (let j = 0; j < chunks.length; j++) {
      const o = offs[j]!;
      const d = deltas[j]!;
      for (let i = from[j]!; i < to[j]!; i++) {
        out[k] = d + o[i]!;
        ej[k] = j;
        ei[k++] = i;
      }
    }
    return new Run(wlo, out, total, chunks, ej, ei, undefined, t.fieldTypes, nonNull);
  }
  // Overlapping chunks: sort every row by (time, seq), then group equal times.
  const time = new Float64Array(total);
  const seqs = new Float64Array(total);
  let k = 0;
  for (let j = 0; j < chunks.length; j++) {
    const o = offs[j]!;
    const d = deltas[j]!;
    for (let i = from[j]!; i < to[j]!; i++) {
      time[k] = d + o[i]!;
      seqs[k] = chunks[j]!.seq;
      ej[k] = j;
      ei[k++] = i;
    }
  }
  const order = Array.from({ length: total }, (_, q) => q);
  order.sort((a, b) => time[a]! - time[b]! || seqs[a]! - seqs[b]!);
  const sj = new Int32Array(total);
  const si = new Int32Array(total);
  const gEnd: number[] = [];
  const outT: number[] = [];
  for (let q = 0; q < total; q++) {
    const e = order[q]!;
    sj[q] = ej[e]!;
    si[q] = ei[e]!;
    if (q > 0 && time[e] === time[order[q - 1]!]) gEnd[gEnd.length - 1] = q + 1;
    else {
      gEnd.push(q + 1);
      outT.push(time[e]!);
    }
  }
  return new Run(wlo, Float64Array.from(outT), outT.length, chunks, sj, si, Int32Array.from(gEnd), t.fieldTypes, nonNull);
}
