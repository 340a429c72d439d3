import type { Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { keyChunkMin, keyChunkSeq, seriesEnd, seriesStart, seriesTimeBound } from '../keys/series-chunk-key.js';
import { SeriesChunkView } from '../codec/series-chunk-codec.js';
import { MAX_TS, MIN_TS } from '../keys/row-key.js';
import type { ScanRequest } from '../store.js';
import { compilePredicates, type CompiledPredicates } from './predicates.js';
import { readWindow, resolveChunks, seriesSpan, windowSize, withHead, type Run, type StoredChunk } from './series-run.js';
import { headView, type HeadView } from './series-head.js';
import { ceilToUnit, ttlCutoff } from './time-bounds.js';

/**
 * One visible row of a table without append_mode: row `i` of a resolved run of its series. The
 * yielded object is reused; `ts` and `fields` are computed when read.
 */
export interface SourceRow {
  readonly sid: number;
  readonly tags: readonly Value[];
  readonly run: Run;
  readonly i: number;
  /** The time index. */
  readonly ts: bigint;
  /** Field slots (only the wanted ones are filled); `undefined` marks a slot the row predates (the column default applies). */
  readonly fields: readonly (Value | undefined)[];
}

export interface RowSourceOptions {
  readonly timeRange?: ScanRequest['timeRange'];
  readonly predicates?: ScanRequest['predicates'];
  readonly descending?: boolean;
  /** At most one row per series (ScanRequest.distinctSeries). */
  readonly distinctSeries?: boolean;
  /** Field slots the caller reads (predicated slots are added). */
  readonly wantedFields: readonly boolean[];
  /** Each series' rows together instead of (time, series) order (ScanRequest.bySeries). */
  readonly bySeries?: boolean;
  /** Runs inside a write transaction (reads see its writes; no snapshot of its own). */
  readonly inWriteTxn?: boolean;
}

/**
 * Iterates a table's visible rows over one LMDB snapshot, in (time, series) order (its reverse when
 * descending): each matching series is a cursor over its chunks (series-run.ts), read a window at a
 * time, and the cursors are merged k-way. Series of other logical tables in a shared physical table
 * and series failing a tag predicate are never read; rows failing a predicate are skipped.
 */
export function rowSource(ctx: StoreContext, t: TableState, o: RowSourceOptions): Iterable<SourceRow> & { count(): number | undefined } {
  const preds = compilePredicates(t, o.predicates ?? []);
  applyRange(ctx, t, o, preds);
  return {
    [Symbol.iterator]: () => iterate(ctx, t, o, preds),
    count: () => undefined,
  };
}

/** A series' resolved run, whole (see `seriesRuns`). */
export interface SeriesRunSlice {
  readonly sid: number;
  readonly tags: readonly Value[];
  readonly run: Run;
}

/**
 * The table's matching series as whole runs, series after series (ScanRequest.bySeries), when no row
 * needs testing (no field or time-index predicate beyond the range); undefined otherwise.
 */
export function seriesRuns(ctx: StoreContext, t: TableState, o: RowSourceOptions): Iterable<SeriesRunSlice> | undefined {
  const preds = compilePredicates(t, o.predicates ?? []);
  applyRange(ctx, t, o, preds);
  if (preds.fieldTests.length > 0 || preds.timeTests.length > 0 || o.descending === true || o.distinctSeries === true) return undefined;
  return {
    *[Symbol.iterator]() {
      if (preds.lo !== undefined && preds.hi !== undefined && preds.lo >= preds.hi) return;
      const sids = matchingSeries(ctx, t, preds);
      if (sids.length === 0) return;
      const txn = ctx.env.root.useReadTransaction();
      try {
        const scan = new ScanBase(headView(ctx, t.storageId, txn));
        for (const [sid, tags] of sids) {
          const c = new SeriesCursor(sid, tags, ctx, t, preds.lo, preds.hi, false, txn, scan);
          while (c.nextRun()) yield { sid, tags, run: c.run! };
        }
      } finally {
        txn.done();
      }
    },
  };
}

const TWO_52 = 2 ** 52;

/** A series' resolved runs in scan order, read window by window. */
class SeriesCursor {
  run: Run | undefined;
  i = 0;
  /** The current row's time relative to the scan's base (exact while `exact`). */
  key = 0;
  private delta = 0;
  private from: bigint | undefined;
  private to: bigint | undefined;
  private done = false;

  constructor(
    readonly sid: number,
    readonly tags: readonly Value[],
    private readonly ctx: StoreContext,
    private readonly t: TableState,
    private readonly lo: bigint | undefined,
    private readonly hi: bigint | undefined,
    private readonly descending: boolean,
    private readonly txn: unknown,
    private readonly scan: ScanBase,
  ) {
    this.from = lo;
    this.to = hi;
  }

  /** Moves to the next run; false when the series has no more rows. */
  nextRun(): boolean {
    for (;;) {
      const r = this.descending ? this.prevWindow() : this.nextWindow();
      if (r === null) {
        this.run = undefined;
        return false;
      }
      if (r === undefined) continue;
      this.run = r;
      this.i = this.descending ? r.n - 1 : 0;
      this.delta = this.scan.delta(r.base);
      this.key = this.delta + r.offs[this.i]!;
      return true;
    }
  }

  /** Advances one row; false when the series is exhausted. */
  step(): boolean {
    const r = this.run!;
    if (this.descending ? --this.i >= 0 : ++this.i < r.n) {
      this.key = this.delta + r.offs[this.i]!;
      return true;
    }
    return this.nextRun();
  }

  ts(): bigint {
    return this.run!.base + BigInt(this.run!.offs[this.i]!);
  }

  private range(o: object): Iterable<Buffer> {
    return this.ctx.env.seriesChunks.getKeys({ ...o, limit: 1, ...(this.txn ? { transaction: this.txn } : {}) } as Parameters<typeof this.ctx.env.seriesChunks.getKeys>[0]) as Iterable<Buffer>;
  }

  /** The next window's run (undefined: empty window, null: no more rows). */
  private nextWindow(): Run | undefined | null {
    if (this.done) return null;
    const { t, sid } = this;
    const sto = t.storageId;
    const span = seriesSpan(t);
    const hi = this.hi;
    if (hi !== undefined && this.from !== undefined && this.from >= hi) return null;
    const start = this.from === undefined ? seriesStart(sto, sid) : seriesTimeBound(sto, sid, this.from - span + 1n);
    const end = hi === undefined ? seriesEnd(sto, sid) : seriesTimeBound(sto, sid, hi);
    let first: bigint | undefined;
    for (const k of this.range({ start, end })) first = keyChunkMin(k);
    const headFirst = this.scan.head.bound(sid, this.from === undefined ? undefined : this.from - span + 1n, hi, false);
    if (headFirst !== undefined && (first === undefined || headFirst < first)) first = headFirst;
    if (first === undefined) {
      this.done = true;
      return null;
    }
    const ws = this.from === undefined || first > this.from ? first : this.from;
    let we = ws + windowSize(t);
    if (hi !== undefined && we > hi) we = hi;
    if (we > MAX_TS) we = MAX_TS;
    this.from = we;
    if (we <= ws) {
      this.done = true;
      return null;
    }
    const run = readWindow(this.ctx, t, sid, ws, we, this.txn, this.scan.head);
    if (we === MAX_TS) this.done = true;
    return run;
  }

  private prevWindow(): Run | undefined | null {
    if (this.done) return null;
    const { t, sid } = this;
    const sto = t.storageId;
    const span = seriesSpan(t);
    const lo = this.lo;
    if (lo !== undefined && this.to !== undefined && this.to <= lo) return null;
    const start = this.to === undefined ? seriesEnd(sto, sid) : seriesTimeBound(sto, sid, this.to);
    const end = lo === undefined ? seriesStart(sto, sid) : seriesTimeBound(sto, sid, lo - span + 1n);
    let last: bigint | undefined;
    for (const k of this.range({ start, end, reverse: true })) last = keyChunkMin(k);
    const headLast = this.scan.head.bound(sid, lo === undefined ? undefined : lo - span + 1n, this.to, true);
    if (headLast !== undefined && (last === undefined || headLast > last)) last = headLast;
    if (last === undefined) {
      this.done = true;
      return null;
    }
    // Every chunk starting at or before `last` ends before last + span.
    let we = last + span;
    if (this.to !== undefined && we > this.to) we = this.to;
    let ws = we - windowSize(t);
    if (lo !== undefined && ws < lo) ws = lo;
    if (ws < MIN_TS) ws = MIN_TS;
    this.to = ws;
    if (ws === MIN_TS) this.done = true;
    return readWindow(this.ctx, t, sid, ws, we, this.txn, this.scan.head);
  }
}

/** The time all cursors' keys are relative to: the first run's base. Keys stay exact within 2^52. */
class ScanBase {
  base: bigint | undefined;
  /** The table's head chunks in the scan's snapshot (series-head.ts). */
  constructor(readonly head: HeadView) {}
  exact = true;
  delta(b: bigint): number {
    if (this.base === undefined) this.base = b;
    const d = b - this.base;
    if (d > TWO_52_N || d < -TWO_52_N) this.exact = false;
    return Number(d);
  }
}
const TWO_52_N = BigInt(TWO_52);

function* iterate(ctx: StoreContext, t: TableState, o: RowSourceOptions, preds: CompiledPredicates): Generator<SourceRow> {
  if (preds.lo !== undefined && preds.hi !== undefined && preds.lo >= preds.hi) return;
  const wanted = o.wantedFields.slice();
  for (const f of preds.fieldTests) wanted[f.slot] = true;
  const wantedSlots: number[] = [];
  for (let s = 0; s < wanted.length; s++) if (wanted[s]) wantedSlots.push(s);
  const sids = matchingSeries(ctx, t, preds);
  if (sids.length === 0) return;
  const txn = o.inWriteTxn ? undefined : ctx.env.root.useReadTransaction();
  const descending = o.descending === true;
  const scan = new ScanBase(headView(ctx, t.storageId, txn));
  const fields: (Value | undefined)[] = new Array(t.fieldTypes.length).fill(undefined);
  let filledRun: Run | undefined;
  let filledI = -1;
  const out = {
    sid: 0,
    tags: [] as readonly Value[],
    run: undefined as unknown as Run,
    i: 0,
    get ts(): bigint {
      return this.run.base + BigInt(this.run.offs[this.i]!);
    },
    get fields(): readonly (Value | undefined)[] {
      if (this.run !== filledRun || this.i !== filledI) {
        for (const s of wantedSlots) fields[s] = this.run.value(s, this.i);
        filledRun = this.run;
        filledI = this.i;
      }
      return fields;
    },
  };
  const accept = (c: SeriesCursor): boolean => {
    const run = c.run!;
    if (preds.timeTests.length > 0) {
      const ts = c.ts();
      for (const test of preds.timeTests) if (!test(ts)) return false;
    }
    for (const f of preds.fieldTests) {
      const v = run.value(f.slot, c.i);
      if (!f.test(v === undefined ? (t.fields[f.slot]!.default ?? null) : v)) return false;
    }
    out.sid = c.sid;
    out.tags = c.tags;
    out.run = run;
    out.i = c.i;
    return true;
  };
  try {
    if (o.distinctSeries === true) {
      // The first accepted row of each series, in scan order. Ascending without row predicates: only
      // the series' first chunks are read (firstRow), not a whole window.
      const quick = !descending && preds.fieldTests.length === 0 && preds.timeTests.length === 0;
      const firsts: { sid: number; tags: readonly Value[]; run: Run; i: number; ts: bigint }[] = [];
      for (const [sid, tags] of sids) {
        if (quick) {
          const run = firstRow(ctx, t, sid, preds.lo, preds.hi, txn, scan.head);
          if (run !== undefined) firsts.push({ sid, tags, run, i: 0, ts: run.base + BigInt(run.offs[0]!) });
          continue;
        }
        const c = new SeriesCursor(sid, tags, ctx, t, preds.lo, preds.hi, descending, txn, scan);
        if (!c.nextRun()) continue;
        let ok = true;
        while (!accept(c)) if (!c.step()) {
          ok = false;
          break;
        }
        if (ok) firsts.push({ sid, tags, run: c.run!, i: c.i, ts: c.ts() });
      }
      firsts.sort((a, b) => {
        const d = a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.sid - b.sid;
        return descending ? -d : d;
      });
      for (const f of firsts) {
        out.sid = f.sid;
        out.tags = f.tags;
        out.run = f.run;
        out.i = f.i;
        yield out;
      }
      return;
    }
    const cursors: SeriesCursor[] = [];
    for (const [sid, tags] of sids) {
      const c = new SeriesCursor(sid, tags, ctx, t, preds.lo, preds.hi, descending, txn, scan);
      if (c.nextRun()) cursors.push(c);
    }
    if (cursors.length === 1 || (o.bySeries === true && !descending)) {
      // One series, or the caller groups by series: no merge.
      for (const c of cursors) {
        do if (accept(c)) yield out;
        while (c.step());
      }
      return;
    }
    // k-way merge by (time, series): a binary heap of cursors.
    const before = (a: SeriesCursor, b: SeriesCursor): boolean => {
      if (scan.exact) {
        if (a.key !== b.key) return descending ? a.key > b.key : a.key < b.key;
      } else {
        const ta = a.ts();
        const tb = b.ts();
        if (ta !== tb) return descending ? ta > tb : ta < tb;
      }
      return descending ? a.sid > b.sid : a.sid < b.sid;
    };
    const heap = cursors;
    const siftDown = (i: number) => {
      const n = heap.length;
      const x = heap[i]!;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && before(heap[r]!, heap[l]!) ? r : l;
        if (!before(heap[m]!, x)) break;
        heap[i] = heap[m]!;
        i = m;
      }
      heap[i] = x;
    };
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i);
    while (heap.length > 0) {
      const c = heap[0]!;
      if (accept(c)) yield out;
      if (!c.step()) {
        const tail = heap.pop()!;
        if (heap.length === 0) break;
        heap[0] = tail;
      }
      siftDown(0);
    }
  } finally {
    (txn as { done?: () => void } | undefined)?.done?.();
  }
}

/**
 * The series' first row in [lo, hi), resolved, as a one-row run: chunks are read in key (first-time)
 * order until one starts after the earliest time found (usually one or two chunks).
 */
function firstRow(ctx: StoreContext, t: TableState, sid: number, lo: bigint | undefined, hi: bigint | undefined, txn: unknown, head: HeadView): Run | undefined {
  const sto = t.storageId;
  const start = lo === undefined ? seriesStart(sto, sid) : seriesTimeBound(sto, sid, lo - seriesSpan(t) + 1n);
  const end = hi === undefined ? seriesEnd(sto, sid) : seriesTimeBound(sto, sid, hi);
  const seen: StoredChunk[] = [];
  let best: bigint | undefined;
  const range = ctx.env.seriesChunks.getRange({ start, end, ...(txn ? { transaction: txn } : {}) } as Parameters<typeof ctx.env.seriesChunks.getRange>[0]);
  // Stored chunks in key order; with head chunks of the series, every candidate merged in key order.
  let candidates: Iterable<StoredChunk> = storedChunks(range);
  if (head.has(sid)) candidates = withHead(head, sid, lo === undefined ? undefined : lo - seriesSpan(t) + 1n, hi, [...candidates]);
  for (const c of candidates) {
    const min = c.min;
    if (best !== undefined && min > best) break;
    seen.push(c);
    const offs = c.view.offs();
    for (let i = 0; i < offs.length; i++) {
      const ts = min + BigInt(offs[i]!);
      if (lo !== undefined && ts < lo) continue;
      if (hi !== undefined && ts >= hi) break;
      if (best === undefined || ts < best) best = ts;
      break;
    }
  }
  return best === undefined ? undefined : resolveChunks(t, seen, best, best + 1n);
}

function* storedChunks(range: Iterable<{ key: unknown; value: unknown }>): Generator<StoredChunk> {
  for (const { key, value } of range) {
    const k = Buffer.from(key as Buffer);
    yield { key: k, min: keyChunkMin(k), seq: keyChunkSeq(k), view: new SeriesChunkView(value as Buffer) };
  }
}

/** The table's series passing the tag predicates (predicates run once per series), ascending by id. */
export function matchingSeries(ctx: StoreContext, t: TableState, preds: CompiledPredicates): [number, readonly Value[]][] {
  const all = ctx.series.tableSeries(t, Number.MAX_SAFE_INTEGER) ?? [];
  const keep: [number, readonly Value[]][] = [];
  for (const sid of all) {
    const tags = seriesTags(ctx, t, sid, preds);
    if (tags !== null) keep.push([sid, tags]);
  }
  return keep;
}

export function applyRange(ctx: StoreContext, t: TableState, o: Pick<RowSourceOptions, 'timeRange'> & Partial<RowSourceOptions>, preds: CompiledPredicates): void {
  const raise = (lo: bigint) => (preds.lo = preds.lo === undefined || lo > preds.lo ? lo : preds.lo);
  const lower = (hi: bigint) => (preds.hi = preds.hi === undefined || hi < preds.hi ? hi : preds.hi);
  if (o.timeRange?.startNs !== undefined) raise(ceilToUnit(o.timeRange.startNs, t.timeUnit));
  if (o.timeRange?.endNs !== undefined) lower(ceilToUnit(o.timeRange.endNs, t.timeUnit));
  if (t.opts.ttlMs !== undefined) raise(ttlCutoff(ctx.now(), t.opts.ttlMs, t.timeUnit));
}

/** The series' tags when it belongs to this table and passes the tag predicates, else null. */
function seriesTags(ctx: StoreContext, t: TableState, sid: number, preds: CompiledPredicates): readonly Value[] | null {
  const e = ctx.series.entry(t, sid);
  if (!e || e.tableId !== t.record.id) return null;
  for (const p of preds.tagTests) if (!p.test(e.tags[p.slot] ?? null)) return null;
  return e.tags;
}
