import { isFloatType, isIntegerType, type Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import { colValue } from '../codec/series-chunk-codec.js';
import type { StoreContext } from '../context.js';
import { ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import { MAX_TS, MIN_TS } from '../keys/row-key.js';
import type { SeriesReadRequest, SeriesSamples } from '../store.js';
import { compilePredicates } from './predicates.js';
import { applyRange, matchingSeries } from './row-source.js';
import { readChunksOfSeries, resolveChunks, seriesSpan, type StoredChunk } from './series-run.js';
import { headView } from './series-head.js';

const TWO_53 = 2 ** 53;
const EMPTY = new Float64Array(0);
const SLAB = 1 << 17; // doubles (1 MiB)

/**
 * Carves the series' arrays out of shared slabs: one ArrayBuffer per many series instead of two per
 * series (V8 allocates and tracks every backing store at a cost near that of decoding the series).
 */
class Slab {
  private buf = EMPTY;
  private at = 0;
  take(n: number): Float64Array {
    if (n > SLAB >> 2) return new Float64Array(n);
    // A detached buffer (transferred to another thread) reads as length 0: start a new slab.
    if (this.at + n > this.buf.length) {
      this.buf = new Float64Array(SLAB);
      this.at = 0;
    }
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  /** Gives back the end of the last array taken, which kept only its first `used` of `n` elements. */
  trim(n: number, used: number): void {
    if (n <= SLAB >> 2) this.at -= n - used;
  }
}

/**
 * `Store.readSeries` over the per-series chunks (and the head's recent chunks) of a table without append_mode: each matching series'
 * chunks in the range are read with one LMDB range read and decoded straight into the series' two
 * Float64Arrays (times, values): no batch, no row objects, no per-row boxing. Chunks that overlap in
 * time (an unmerged rewrite), null or absent values, and time units finer than ms take the general
 * path (chunks resolved as a scan does, values gathered row by row). Undefined for append-mode tables
 * and for predicates on anything but tags (the caller scans).
 */
export function readSeriesTable(ctx: StoreContext, t: TableState, req: SeriesReadRequest): AsyncIterable<SeriesSamples> | undefined {
  if (t.opts.appendMode) return undefined;
  const col = t.byName.get(req.field);
  if (!col) throw new ColumnNotFoundError(`${t.record.db}.${t.record.name}`, req.field);
  const slot = t.fieldSlot.get(req.field);
  if (slot === undefined || !(isFloatType(col.type) || isIntegerType(col.type))) {
    throw new InvalidRequestError(`readSeries of ${t.record.name}: '${req.field}' is not a numeric field column`);
  }
  const tagSlots = req.tags.map((name) => {
    const s = t.tagSlot.get(name);
    if (s === undefined) throw new InvalidRequestError(`readSeries of ${t.record.name}: '${name}' is not a tag column`);
    return s;
  });
  const preds = compilePredicates(t, req.predicates ?? []);
  if (preds.fieldTests.length > 0 || preds.timeTests.length > 0) return undefined;
  applyRange(ctx, t, { timeRange: req.timeRange }, preds);
  const fast = col.type === 'float64' && (t.timeUnit === 'ms' || t.timeUnit === 's');
  const dflt = col.default ?? null;
  return {
    async *[Symbol.asyncIterator]() {
      const { lo, hi } = preds;
      if (lo !== undefined && hi !== undefined && lo >= hi) return;
      const sids = matchingSeries(ctx, t, preds);
      if (sids.length === 0) return;
      const span = seriesSpan(t);
      const slab = new Slab();
      const txn = ctx.env.root.useReadTransaction();
      try {
        // Recent writes not yet folded (series-head.ts): one view of the snapshot's head for every series.
        const head = headView(ctx, t.storageId, txn);
        const tagsOf = new Map(sids);
        const ordered = sids.map(([sid]) => sid).sort((x, y) => x - y);
        for (const [sid, chunks] of readChunksOfSeries(ctx, t, ordered, lo === undefined ? MIN_TS : lo - span + 1n, hi ?? MAX_TS, txn, head)) {
          if (chunks.length === 0) continue;
          const all = tagsOf.get(sid)!;
          const s = (fast ? decodeDirect(slab, chunks, slot, lo, hi, t.timeUnit === 's' ? 1000 : 1) : undefined) ?? decodeResolved(t, chunks, slot, lo, hi, dflt);
          if (s === undefined || s.times.length === 0) continue;
          yield { tags: tagSlots.map((j) => all[j] ?? null), times: s.times, values: s.values };
        }
      } finally {
        txn.done();
      }
    },
  };
}

interface Samples {
  readonly times: Float64Array;
  readonly values: Float64Array;
}

/**
 * The usual case: chunks in key order that do not overlap in time, the field stored in every row.
 * Undefined when a chunk is not like that (the caller resolves the chunks instead).
 */
function decodeDirect(slab: Slab, chunks: readonly StoredChunk[], slot: number, lo: bigint | undefined, hi: bigint | undefined, mult: number): Samples | undefined {
  let total = 0;
  for (const c of chunks) total += c.view.count;
  const times = slab.take(total);
  const values = slab.take(total);
  let n = 0;
  let last = -Infinity;
  let ok = true;
  for (const c of chunks) {
    const min = Number(c.min);
    // Offsets and times must stay exact doubles.
    if (!(Math.abs(min) + c.view.maxOff < TWO_53 / mult)) ok = false;
    const from = lo === undefined ? -Infinity : Number(lo - c.min);
    const to = hi === undefined ? Infinity : Number(hi - c.min);
    const k = ok ? c.view.floatRowsInto(slot, from, to, min, mult, times, values, n) : -1;
    if (k < 0) ok = false;
    else if (k > 0 && times[n]! <= last) ok = false; // overlaps the previous chunk: resolve by seq
    if (!ok) break;
    n += k;
    if (k > 0) last = times[n - 1]!;
  }
  slab.trim(total, ok ? n : 0);
  if (!ok) return undefined;
  if (n === 0) return { times: EMPTY, values: EMPTY };
  return { times: times.subarray(0, n), values: values.subarray(0, n) };
}

/** Any chunks: resolved as a scan resolves them (merge_mode, overlaps), then gathered row by row. */
function decodeResolved(t: TableState, chunks: readonly StoredChunk[], slot: number, lo: bigint | undefined, hi: bigint | undefined, dflt: Value): Samples | undefined {
  const span = seriesSpan(t);
  const wlo = lo ?? chunks[0]!.min;
  const whi = hi ?? chunks[chunks.length - 1]!.min + span;
  const run = resolveChunks(t, chunks, wlo, whi);
  if (run === undefined) return undefined;
  const col = run.col(slot);
  const times = new Float64Array(run.n);
  const values = new Float64Array(run.n);
  const div = { s: 0n, ms: 1n, us: 1_000n, ns: 1_000_000n }[t.timeUnit];
  let n = 0;
  for (let i = 0; i < run.n; i++) {
    const raw = colValue(col, i);
    const v = raw === undefined ? dflt : raw;
    if (v === null) continue;
    if (col.kind === 'f64' && raw !== undefined) values[n] = col.f64[i]!; // bit for bit
    else values[n] = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : NaN;
    const ts = run.base + BigInt(run.offs[i]!);
    times[n++] = div === 0n ? Number(ts) * 1000 : div === 1n ? Number(ts) : Number(floorDiv(ts, div));
  }
  if (n === 0) return undefined;
  return { times: times.subarray(0, n), values: values.subarray(0, n) };
}

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return q * b > a ? q - 1n : q;
};
