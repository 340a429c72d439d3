import type { Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import type { AggregateRequest, GroupKey } from '../store.js';
import type { ChunkView } from '../codec/chunk-codec.js';
import { chunkSource, type ChunkSlice } from './chunk-source.js';
import { bucketCounts } from './chunk-histogram.js';
import { compareValues } from './compare.js';
import { floatDecodeCount, GroupSums, type IdsInPlace } from '../codec/wasm-kernels.js';

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const NUMERIC = new Set(['float64', 'float32', 'int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32', 'int64', 'uint64']);

/** Where a column's values come from in a chunk. */
type Source = { kind: 'time' } | { kind: 'tag'; slot: number } | { kind: 'field'; slot: number; dflt: Value };

/**
 * GROUP BY + count/sum/avg/min/max over an append-mode table, evaluated in the store on typed chunk
 * columns: series ids and dictionary codes become group ids once per distinct value per chunk, floats
 * are read from their Float64Array, time buckets come from the chunk's time offsets. Rows are visited in
 * scan order (chunk-source.ts applies the time range, TTL and predicates), so groups come out in the
 * order a scan first meets them. Undefined for tables without chunks.
 */
export function groupChunks(ctx: StoreContext, t: TableState, req: AggregateRequest): Value[][] | undefined {
  if (!t.opts.appendMode) return undefined;
  const sourceOf = (name: string): Source => {
    const c = t.byName.get(name);
    if (!c) throw new ColumnNotFoundError(`${t.record.db}.${t.record.name}`, name);
    if (c.name === t.info.timeIndex) return { kind: 'time' };
    if (t.tagSlot.has(c.name)) return { kind: 'tag', slot: t.tagSlot.get(c.name)! };
    return { kind: 'field', slot: t.fieldSlot.get(c.name)!, dflt: c.default ?? null };
  };
  const keys = (req.groupBy ?? []).map((k) => new KeyPart(t, k, sourceOf(k.column)));
  const aggs = req.aggregates.map((a) => {
    if (a.column === undefined) return { fn: a.fn, src: undefined };
    const src = sourceOf(a.column);
    if ((a.fn === 'sum' || a.fn === 'avg') && !NUMERIC.has(t.byName.get(a.column)!.type)) throw new InvalidRequestError(`${a.fn}(${a.column}): not a numeric column`);
    return { fn: a.fn, src };
  });
  // Per aggregate, per group: typed arrays (grown by doubling) keep the per-row updates unboxed.
  let counts: Float64Array[] = aggs.map(() => new Float64Array(16));
  let sums: Float64Array[] = aggs.map(() => new Float64Array(16));
  const best: Value[][] = aggs.map(() => []);
  const groupKeys: Value[][] = [];
  const composite = new Map<string, number>();
  let groups = 0;
  const grown = (a: Float64Array) => {
    const b = new Float64Array(a.length * 2);
    b.set(a);
    return b;
  };
  // Rows counted by both count(*) and the aggregate it shares a pass with (every row had a value): one
  // increment per row here, added to both counts at the end.
  let shared = new Float64Array(16);
  const newGroup = (vals: Value[]) => {
    groupKeys.push(vals);
    if (groups === shared.length) {
      counts = counts.map(grown);
      sums = sums.map(grown);
      shared = grown(shared);
    }
    for (let a = 0; a < aggs.length; a++) best[a]!.push(null);
    return groups++;
  };
  if (keys.length === 0) newGroup([]);
  // count(*) next to one other aggregate (`SELECT k, count(*), avg(x) ... GROUP BY k`): counted in that
  // aggregate's pass over the rows, not in a pass of its own.
  const starAt = aggs.findIndex((a) => a.fn === 'count' && a.src === undefined);
  const starWith = aggs.length === 2 && starAt >= 0 ? { star: starAt, with: 1 - starAt } : undefined;
  let noKey = new Int32Array(0);
  // `GROUP BY tag` with sum/avg of a float64 column, alone or beside count(*): whole chunks go through one
  // loop from series ids to per-group sums (GroupSums.add in WebAssembly, or addFloatsBySeries), no per-row group ids.
  const floatAgg = starWith !== undefined ? starWith.with : aggs.length === 1 ? 0 : -1;
  const bySeriesFloats = keys.length === 1 && keys[0]!.isTag && floatAgg >= 0 && isFloatSum(t, aggs[floatAgg]!) ? (aggs[floatAgg]!.src as { slot: number }).slot : -1;
  // Chunks on that path sum in WebAssembly (codec/wasm-kernels.ts) until one cannot (nulls, a cut chunk,
  // ids not stored in place): the sums so far are copied out and every later row is added here, so each
  // group's sum still adds its rows in scan order.
  // `GROUP BY tag` with row counts only (count(*), count of the time index) counts there too.
  const tagCounts = keys.length === 1 && keys[0]!.isTag && aggs.every((a) => a.fn === 'count' && (a.src === undefined || a.src.kind === 'time'));
  let inWasm = bySeriesFloats >= 0 || tagCounts ? GroupSums.begin() : undefined;
  const leaveWasm = () => {
    if (inWasm === undefined) return;
    if (tagCounts) for (const c of counts) inWasm.readInto(groups, c);
    else inWasm.readInto(groups, starWith !== undefined ? shared : counts[floatAgg]!, sums[floatAgg]!);
    inWasm.end();
    inWasm = undefined;
  };
  /**
   * Runs a GroupSums kernel over the slice's whole chunk (its ids loaded): a series without a group stops
   * it, gets its group, and the kernel goes on from that row.
   */
  const inWasmChunk = (g: GroupSums, slice: ChunkSlice, n: number, step: (from: number) => number) => {
    const key = keys[0]!;
    for (let k = 0; (k = step(k)) < n; ) {
      const sid = g.idOf(k);
      const part = key.partOfSeries(slice, sid);
      while (groups < key.values.length) newGroup([key.values[groups]!]);
      g.setGroup(sid, part);
    }
  };

  // A histogram of counts (one time-bucket key, only count(*) / count(time)) counts runs of rows per bucket.
  const countsOnly = keys.length === 1 && keys[0]!.isBucket && aggs.every((a) => a.fn === 'count' && (a.src === undefined || a.src.kind === 'time'));
  if (countsOnly && (req.predicates?.length ?? 0) === 0) {
    // Without predicates, from chunk metadata: chunks inside one bucket are not read (chunk-histogram.ts).
    return [...bucketCounts(ctx, t, req, keys[0]!.step!)].map(([bucket, n]) => [bucket, ...aggs.map(() => n)]);
  }
  // Nothing read from a slice outlives it (values are copied out of the chunk's bytes): buffers are recycled.
  for (const slice of chunkSource(ctx, t, { timeRange: req.timeRange, predicates: req.predicates, wantedFields: t.fields.map(() => false), recycleBuffers: true })) {
    const rows = slice.rows;
    const n = rows.length;
    let gids: Int32Array;
    if (keys.length === 0) gids = noKey.length >= n ? noKey.subarray(0, n) : (noKey = new Int32Array(n));
    else if (keys.length === 1) {
      // One key: its parts are the groups (both numbered in the order rows first meet them).
      const key = keys[0]!;
      if (countsOnly) {
        key.countRuns(slice, (p, c) => {
          while (groups <= p) newGroup([key.values[groups]!]);
          for (let a = 0; a < aggs.length; a++) counts[a]![p]! += c;
        });
        continue;
      }
      const g = inWasm;
      if (tagCounts && g !== undefined && n === slice.chunk.view.count) {
        g.load(slice.chunk.view.seriesInPlace() ?? idsOf(key.wholeSeries(slice)), n);
        inWasmChunk(g, slice, n, (k) => g.count(k, n));
        continue;
      }
      if (bySeriesFloats >= 0 && n === slice.chunk.view.count) {
        const p = presentFloats(slice.chunk.view, bySeriesFloats);
        if (p !== undefined && p.present === n) {
          const w = floatAgg;
          if (g !== undefined) {
            // Rows go to the per-group counts and sums in the kernels' memory. Ids stored in place are
            // read there; others (compressed, varints) are decoded first.
            g.load(slice.chunk.view.seriesInPlace() ?? idsOf(key.wholeSeries(slice)), n, p.values);
            inWasmChunk(g, slice, n, (k) => g.add(k, n));
            continue;
          }
          // Beside count(*), rows count for both in `shared`.
          const series = key.wholeSeries(slice);
          for (let k = 0; (k = addFloatsBySeries(series, p.values, k, n, key.seriesParts, starWith !== undefined ? shared : counts[w]!, sums[w]!)) < n; ) {
            key.partOfSeries(slice, series[k]!);
            while (groups < key.values.length) newGroup([key.values[groups]!]);
          }
          continue;
        }
      }
      leaveWasm();
      gids = key.parts(slice);
      while (groups < key.values.length) newGroup([key.values[groups]!]);
    } else {
      const partCols = keys.map((key) => key.parts(slice));
      gids = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        let id = '';
        for (const pc of partCols) id += pc[k]! + ',';
        let g = composite.get(id);
        if (g === undefined) composite.set(id, (g = newGroup(keys.map((key, j) => key.values[partCols[j]![k]!]!))));
        gids[k] = g;
      }
    }
    for (let a = 0; a < aggs.length; a++) {
      if (a === starWith?.star) continue;
      accumulate(slice, t, aggs[a]!.fn, aggs[a]!.src, gids, counts[a]!, sums[a]!, best[a]!, a === starWith?.with ? { star: counts[starWith.star]!, shared } : undefined);
    }
  }
  leaveWasm();
  if (starWith !== undefined) {
    for (let g = 0; g < groups; g++) {
      counts[starWith.star]![g]! += shared[g]!;
      counts[starWith.with]![g]! += shared[g]!;
    }
  }

  const out: Value[][] = [];
  for (let g = 0; g < groups; g++) {
    const row: Value[] = [...groupKeys[g]!];
    aggs.forEach((a, k) => {
      const n = counts[k]![g]!;
      if (a.fn === 'count') row.push(n);
      else if (a.fn === 'sum') row.push(n === 0 ? null : sums[k]![g]!);
      else if (a.fn === 'avg') row.push(n === 0 ? null : sums[k]![g]! / n);
      else row.push(best[k]![g]!);
    });
    out.push(row);
  }
  return out;
}

/** The last chunk slot decoded (a fast path that declines a chunk leaves it for the next). */
let floatsOf: { view: ChunkView; slot: number; decode: number; p: ReturnType<ChunkView['presentFloats']> } | undefined;

/** A float64 slot's present values (ChunkView.presentFloats: views valid until the next decode), decoded once per chunk and slot. */
function presentFloats(view: ChunkView, slot: number): ReturnType<ChunkView['presentFloats']> {
  // Reused only while no other float block was decoded since (they share the decoder's memory).
  if (floatsOf?.view === view && floatsOf.slot === slot && floatsOf.decode === floatDecodeCount()) return floatsOf.p;
  const p = view.presentFloats(slot);
  floatsOf = { view, slot, decode: floatDecodeCount(), p };
  return p;
}

const isFloatSum = (t: TableState, a: { fn: string; src: Source | undefined }) => (a.fn === 'sum' || a.fn === 'avg') && a.src?.kind === 'field' && t.fieldTypes[a.src.slot] === 'float64';

/**
 * counts[g]++ and sums[g] += values[k] for the group g of each row's series id (g = bySeries[series[k]]),
 * from row `from` on, in row order. Stops at the first id without a group and returns its row; else n.
 */
function addFloatsBySeries(series: Uint32Array, values: Float64Array, from: number, n: number, bySeries: Int32Array, counts: Float64Array, sums: Float64Array): number {
  const len = bySeries.length;
  for (let k = from; k < n; k++) {
    const sid = series[k]!;
    const g = sid < len ? bySeries[sid]! : -1;
    if (g < 0) return k;
    counts[g]!++;
    sums[g]! += values[k]!;
  }
  return n;
}

/**
 * Adds the slice's rows to one aggregate's per-group state. With `fused`, counts them for count(*) too: in
 * `fused.star`, or in `fused.shared` (rows counted by both) when every row has a value.
 */
function accumulate(slice: ChunkSlice, t: TableState, fn: AggregateRequest['aggregates'][number]['fn'], src: Source | undefined, gids: Int32Array, counts: Float64Array, sums: Float64Array, best: Value[], fused?: { star: Float64Array; shared: Float64Array }): void {
  const { rows, chunk } = slice;
  const n = rows.length;
  const isF64 = src?.kind === 'field' && t.fieldTypes[src.slot] === 'float64';
  // sum/avg/count of a float64 column over a whole chunk (rows 0..n-1): no row indirection, and the present
  // values are decoded into one reused array and added in row order (the order of the row-by-row path, so
  // the same sums).
  const p = isF64 && src?.kind === 'field' && n === chunk.view.count && (fn === 'avg' || fn === 'sum' || fn === 'count') ? presentFloats(chunk.view, src.slot) : undefined;
  if (fused !== undefined && p?.present === n) {
    if (fn === 'count') addCounts(gids, n, fused.shared);
    else addFloats(gids, p.values, n, fused.shared, sums);
    return;
  }
  if (fused !== undefined) addCounts(gids, n, fused.star);
  if (src === undefined) {
    addCounts(gids, n, counts);
    return;
  }
  if (p !== undefined) {
    const { values, valid } = p;
    if (p.present === n) {
      if (fn === 'count') addCounts(gids, n, counts);
      else addFloats(gids, values, n, counts, sums);
      return;
    }
    for (let i = 0, j = 0; i < n; i++) {
      if ((valid[i >> 3]! & (1 << (i & 7))) === 0) continue;
      const g = gids[i]!;
      counts[g]!++;
      sums[g]! += values[j++]!;
    }
    return;
  }
  const typed = isF64 && src.kind === 'field' ? chunk.view.typed(src.slot, 'float64') : undefined;
  if (typed?.kind === 'f64') {
    const { values, valid } = typed;
    for (let k = 0; k < n; k++) {
      const i = rows[k]!;
      if ((valid[i >> 3]! & (1 << (i & 7))) === 0) continue;
      const g = gids[k]!;
      const x = values[i]!;
      counts[g]!++;
      if (fn === 'sum' || fn === 'avg') sums[g]! += x;
      else if (fn !== 'count') {
        const b = best[g] as number | null;
        if (b === null || (fn === 'min' ? x < b : x > b)) best[g] = x;
      }
    }
    return;
  }
  const at = valueReader(slice, t, src);
  for (let k = 0; k < n; k++) {
    const v = at(rows[k]!);
    if (v === null) continue;
    const g = gids[k]!;
    counts[g]!++;
    if (fn === 'sum' || fn === 'avg') sums[g]! += Number(v);
    else if (fn !== 'count') {
      const b = best[g]!;
      if (b === null) best[g] = v;
      else {
        const c = compareValues(v, b);
        if ((fn === 'min' && c < 0) || (fn === 'max' && c > 0)) best[g] = v;
      }
    }
  }
}

/** Decoded series ids as ids stored in place, 4 bytes wide. */
const idsOf = (series: Uint32Array): IdsInPlace => ({ bytes: new Uint8Array(series.buffer, series.byteOffset, series.byteLength), at: 0, base: 0, width: 4 });

/** counts[gids[i]]++ for i < n. */
function addCounts(gids: Int32Array, n: number, counts: Float64Array): void {
  for (let i = 0; i < n; i++) counts[gids[i]!]!++;
}

/** counts[g]++ and sums[g] += values[i] (g = gids[i]) for i < n, in row order. */
function addFloats(gids: Int32Array, values: Float64Array, n: number, counts: Float64Array, sums: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const g = gids[i]!;
    counts[g]!++;
    sums[g]! += values[i]!;
  }
}

/** out[k] = bySeries[series[k]] from k = `from` on; stops at the first id without a part (returns its k), else returns n. */
function mapIds(series: Uint32Array, from: number, n: number, bySeries: Int32Array, out: Int32Array): number {
  const len = bySeries.length;
  for (let k = from; k < n; k++) {
    const sid = series[k]!;
    const p = sid < len ? bySeries[sid]! : -1;
    if (p < 0) return k;
    out[k] = p;
  }
  return n;
}

/** mapIds for the rows `rows` of a chunk: out[k] = bySeries[series[rows[k]]]. */
function mapRowIds(series: Uint32Array, rows: readonly number[], from: number, n: number, bySeries: Int32Array, out: Int32Array): number {
  const len = bySeries.length;
  for (let k = from; k < n; k++) {
    const sid = series[rows[k]!]!;
    const p = sid < len ? bySeries[sid]! : -1;
    if (p < 0) return k;
    out[k] = p;
  }
  return n;
}

/** A row reader (by row index of the chunk) for one column of a slice's chunk. */
function valueReader({ chunk }: ChunkSlice, t: TableState, src: Source): (i: number) => Value {
  if (src.kind === 'time') return (i) => chunk.view.tsAt(i);
  if (src.kind === 'tag') {
    const series = chunk.series();
    return (i) => chunk.seriesTags(series[i]!)[src.slot] ?? null;
  }
  const s = chunk.view.typed(src.slot, t.fieldTypes[src.slot]!);
  if (s === undefined) return () => src.dflt;
  if (s.kind === 'boxed') return (i) => s.values[i]!;
  if (s.kind === 'dict') return (i) => (s.codes[i]! < 0 ? null : s.dict[s.codes[i]!]!);
  return (i) => ((s.valid[i >> 3]! & (1 << (i & 7))) !== 0 ? s.values[i]! : null);
}

/**
 * One GROUP BY key: numbers each distinct value (a "part") in the order rows meet it, and maps a slice's
 * rows to parts through per-chunk lookups (series id, dictionary code, time bucket) so each distinct
 * value is hashed once per chunk, not once per row.
 */
class KeyPart {
  /** values[part] */
  readonly values: Value[] = [];
  private readonly ids = new Map<unknown, number>();
  /** Series id → part (tag keys); series ids are dense per table. */
  private bySeries = new Int32Array(64).fill(-1);
  /** A bucket key's width in the time index's unit. */
  readonly step: bigint | undefined;
  readonly isBucket: boolean;
  readonly isTag: boolean;

  constructor(
    private readonly t: TableState,
    key: GroupKey,
    private readonly src: Source,
  ) {
    if (key.bucketNs !== undefined) {
      if (src.kind !== 'time') throw new InvalidRequestError(`group key '${key.column}': buckets apply to the time index only`);
      const perUnit = { s: 1_000_000_000n, ms: 1_000_000n, us: 1000n, ns: 1n }[t.timeUnit];
      if (key.bucketNs <= 0n || key.bucketNs % perUnit !== 0n) throw new InvalidRequestError(`bucket of ${key.bucketNs} ns is not a positive whole number of the time index's unit`);
      this.step = key.bucketNs / perUnit;
    }
    this.isBucket = this.step !== undefined;
    this.isTag = src.kind === 'tag';
  }

  /**
   * Bucket keys only: calls `add(part, rows)` for each bucket the slice's rows fall in. A slice's rows are in
   * time order, so a bucket's rows are one run: found by comparing offsets with the next bucket's start,
   * without a division per row.
   */
  countRuns(slice: ChunkSlice, add: (part: number, rows: number) => void): void {
    const { rows, chunk } = slice;
    const step = this.step!;
    const stepN = Number(step);
    const base = floorDiv(chunk.view.minTs, step);
    const rem = Number(chunk.view.minTs - base * step);
    const deltas = chunk.view.deltas();
    const n = rows.length;
    let k = 0;
    while (k < n) {
      const off = Math.floor((rem + deltas[rows[k]!]!) / stepN);
      const next = (off + 1) * stepN - rem;
      let e = k + 1;
      while (e < n && deltas[rows[e]!]! < next) e++;
      add(this.partOf((base + BigInt(off)) * step), e - k);
      k = e;
    }
  }

  private partOf(v: Value): number {
    const k = v === null || typeof v !== 'object' ? v : `\u0000${JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x))}`;
    let p = this.ids.get(k);
    if (p === undefined) {
      p = this.values.length;
      this.ids.set(k, p);
      this.values.push(v);
    }
    return p;
  }

  /** Tag keys: series id → part (−1: not met yet; ids past the end neither). */
  get seriesParts(): Int32Array {
    return this.bySeries;
  }

  /** Tag keys: every row's series id of a whole chunk (valid until the next call). */
  wholeSeries(slice: ChunkSlice): Uint32Array {
    const n = slice.chunk.view.count;
    if (this.seriesScratch.length < n) this.seriesScratch = new Uint32Array(Math.max(n, this.seriesScratch.length * 2));
    return slice.chunk.view.series(this.seriesScratch);
  }

  /** Tag keys: the part of a series id (numbered now when not met yet). */
  partOfSeries(slice: ChunkSlice, sid: number): number {
    const p = sid < this.bySeries.length ? this.bySeries[sid]! : -1;
    return p >= 0 ? p : this.tagPart(slice, sid, (this.src as { slot: number }).slot);
  }

  /** The part of a series id not seen yet (the id → part table grows to hold it). */
  private tagPart({ chunk }: ChunkSlice, sid: number, slot: number): number {
    if (sid >= this.bySeries.length) {
      const grown = new Int32Array(Math.max(sid + 1, this.bySeries.length * 2)).fill(-1);
      grown.set(this.bySeries);
      this.bySeries = grown;
    }
    return (this.bySeries[sid] = this.partOf(chunk.seriesTags(sid)[slot] ?? null));
  }

  /** Reused for each slice's parts (read before the next slice), and for a chunk's series ids. */
  private scratch = new Int32Array(0);
  private seriesScratch = new Uint32Array(0);

  /** The part of each row of the slice (valid until the next call). */
  parts(slice: ChunkSlice): Int32Array {
    const { rows, chunk } = slice;
    const n = rows.length;
    if (this.scratch.length < n) this.scratch = new Int32Array(Math.max(n, this.scratch.length * 2));
    const out = this.scratch.subarray(0, n);
    const src = this.src;
    if (this.step !== undefined) {
      const step = this.step;
      const stepN = Number(step);
      const base = floorDiv(chunk.view.minTs, step);
      const rem = Number(chunk.view.minTs - base * step);
      const deltas = chunk.view.deltas();
      const local: number[] = [];
      for (let k = 0; k < n; k++) {
        const off = Math.floor((rem + deltas[rows[k]!]!) / stepN);
        let p = local[off];
        if (p === undefined) local[off] = p = this.partOf((base + BigInt(off)) * step);
        out[k] = p;
      }
      return out;
    }
    if (src.kind === 'tag') {
      // A whole chunk's ids are read once: decoded into a reused array; a chunk met slice by slice keeps its own.
      const whole = n === chunk.view.count;
      if (whole && this.seriesScratch.length < n) this.seriesScratch = new Uint32Array(Math.max(n, this.seriesScratch.length * 2));
      const series = whole ? chunk.view.series(this.seriesScratch) : chunk.series();
      // Rows map through the id → part table; an id met for the first time stops the loop and is given its part.
      for (let k = 0; (k = whole ? mapIds(series, k, n, this.bySeries, out) : mapRowIds(series, rows, k, n, this.bySeries, out)) < n; ) {
        this.tagPart(slice, whole ? series[k]! : series[rows[k]!]!, src.slot);
      }
      return out;
    }
    const s = src.kind === 'field' ? chunk.view.typed(src.slot, this.t.fieldTypes[src.slot]!) : undefined;
    if (s?.kind === 'dict') {
      const byCode = new Int32Array(s.dict.length).fill(-1);
      let nullPart = -1;
      for (let k = 0; k < n; k++) {
        const c = s.codes[rows[k]!]!;
        if (c < 0) out[k] = nullPart < 0 ? (nullPart = this.partOf(null)) : nullPart;
        else out[k] = byCode[c]! >= 0 ? byCode[c]! : (byCode[c] = this.partOf(s.dict[c]!));
      }
      return out;
    }
    const at = valueReader(slice, this.t, src);
    for (let k = 0; k < n; k++) out[k] = this.partOf(at(rows[k]!));
    return out;
  }
}
