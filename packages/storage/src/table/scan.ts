import type { Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import type { ColumnBatch, ColumnDef, ScanRequest } from '../store.js';
import { chunkSource, type ChunkSlice } from './chunk-source.js';
import { boxedArray } from './prepare-rows.js';
import { rowSource, seriesRuns, type SourceRow } from './row-source.js';
import { typedBatchesFromRuns } from './typed-runs.js';
import { typedBatchesFromRows, type Output } from './typed-rows.js';


/** Validates a scan and returns its batches (rows in time order, `batchSize` per batch). */
export function scanTable(ctx: StoreContext, t: TableState, req: ScanRequest): AsyncIterable<ColumnBatch> {
  const names = req.columns ?? t.info.columns.map((c) => c.name);
  const cols = names.map((n) => {
    const c = t.byName.get(n);
    if (!c) throw new ColumnNotFoundError(`${t.record.db}.${t.record.name}`, n);
    return c;
  });
  const outputs: Output[] = cols.map((c) =>
    c.name === t.info.timeIndex
      ? { kind: 'time' }
      : t.tagSlot.has(c.name)
        ? { kind: 'tag', slot: t.tagSlot.get(c.name)! }
        : { kind: 'field', slot: t.fieldSlot.get(c.name)!, dflt: c.default ?? null },
  );
  const batchSize = req.batchSize ?? 4096;
  const limit = req.limit ?? Infinity;
  if (!(batchSize >= 1) || !(limit >= 0)) throw new InvalidRequestError(`scan of ${t.record.name}: batchSize must be ≥ 1 and limit ≥ 0`);
  const wanted = t.fields.map(() => false);
  for (const o of outputs) if (o.kind === 'field') wanted[o.slot] = true;
  // Sources compile predicates when created, so a bad predicate fails this call, not the iteration.
  const bySeries = req.bySeries === true && req.limit === undefined && req.descending !== true;
  const opts = { timeRange: req.timeRange, predicates: req.predicates, descending: req.descending, distinctSeries: req.distinctSeries, bySeries, wantedFields: wanted };
  const sink = new BatchSink(cols, batchSize, limit);
  if (t.opts.appendMode) {
    const chunks = chunkSource(ctx, t, opts);
    const source = req.distinctSeries ? firstPerSeries(chunks) : chunks;
    return { [Symbol.asyncIterator]: () => sink.fromChunks(source, outputs) };
  }
  const source = rowSource(ctx, t, opts);
  if (cols.length === 0 && !req.distinctSeries) {
    // A count: LMDB counts the key range natively when no row has to be looked at.
    const n = source.count();
    if (n !== undefined) return { [Symbol.asyncIterator]: () => sink.empties(n) };
  }
  if (req.typed && bySeries) {
    // Whole runs copied into batches (typed-runs.ts) when no row needs testing.
    const runs = seriesRuns(ctx, t, opts);
    if (runs !== undefined && cols.length > 0) return { [Symbol.asyncIterator]: () => typedBatchesFromRuns(runs, cols, outputs, batchSize) };
  }
  if (req.typed) return { [Symbol.asyncIterator]: () => typedBatchesFromRows(source, cols, outputs, batchSize, limit) };
  return { [Symbol.asyncIterator]: () => sink.fromRows(source, outputs) };
}

/** Collects rows into column batches of `batchSize`, stopping at `limit`. */
class BatchSink {
  private arrays: Value[][];
  private n = 0;
  private total = 0;

  constructor(
    private readonly cols: readonly ColumnDef[],
    private readonly batchSize: number,
    private readonly limit: number,
  ) {
    this.arrays = cols.map(() => boxedArray());
  }

  async *fromRows(source: Iterable<SourceRow>, outputs: readonly Output[]): AsyncGenerator<ColumnBatch> {
    if (this.limit === 0) return;
    for (const row of source) {
      for (let j = 0; j < outputs.length; j++) {
        const o = outputs[j]!;
        if (o.kind === 'time') this.arrays[j]!.push(row.ts);
        else if (o.kind === 'tag') this.arrays[j]!.push(row.tags[o.slot] ?? null);
        else {
          const v = row.fields[o.slot];
          this.arrays[j]!.push(v === undefined ? o.dflt : v);
        }
      }
      this.n++;
      this.total++;
      if (this.n === this.batchSize || this.total >= this.limit) {
        yield this.flush();
        if (this.total >= this.limit) return;
      }
    }
    if (this.n > 0) yield this.flush();
  }

  async *fromChunks(source: Iterable<ChunkSlice>, outputs: readonly Output[]): AsyncGenerator<ColumnBatch> {
    if (this.limit === 0) return;
    for (const slice of source) {
      let from = 0;
      const rows = slice.rows;
      while (from < rows.length) {
        const take = Math.min(rows.length - from, this.batchSize - this.n, this.limit - this.total);
        const to = from + take;
        for (let j = 0; j < outputs.length; j++) pushSlice(this.arrays[j]!, outputs[j]!, slice, from, to);
        this.n += take;
        this.total += take;
        from = to;
        if (this.n === this.batchSize || this.total >= this.limit) {
          yield this.flush();
          if (this.total >= this.limit) return;
        }
      }
    }
    if (this.n > 0) yield this.flush();
  }

  /** Batches without columns for `n` rows (a count). */
  async *empties(n: number): AsyncGenerator<ColumnBatch> {
    let left = Math.min(n, this.limit);
    while (left > 0) {
      const k = Math.min(left, this.batchSize);
      left -= k;
      yield { length: k, columns: [] };
    }
  }

  private flush(): ColumnBatch {
    const b: ColumnBatch = { length: this.n, columns: this.cols.map((c, j) => ({ name: c.name, type: c.type, values: this.arrays[j]! })) };
    // Boxed arrays: a packed double array would rewrite NaN payloads (Prometheus staleness markers).
    this.arrays = this.cols.map(() => boxedArray());
    this.n = 0;
    return b;
  }
}

function pushSlice(out: Value[], o: Output, slice: ChunkSlice, from: number, to: number): void {
  const { chunk, rows } = slice;
  if (o.kind === 'time') {
    for (let k = from; k < to; k++) out.push(chunk.view.tsAt(rows[k]!));
  } else if (o.kind === 'tag') {
    const series = chunk.series();
    for (let k = from; k < to; k++) out.push(chunk.seriesTags(series[rows[k]!]!)[o.slot] ?? null);
  } else {
    const vals = chunk.field(o.slot);
    if (vals === undefined) for (let k = from; k < to; k++) out.push(o.dflt);
    else for (let k = from; k < to; k++) out.push(vals[rows[k]!]!);
  }
}

/** Keeps the first row of each series (chunks are still read whole: their series are not indexed). */
function firstPerSeries(source: Iterable<ChunkSlice>): Iterable<ChunkSlice> {
  return {
    *[Symbol.iterator]() {
      const seen = new Set<number>();
      for (const slice of source) {
        const series = slice.chunk.series();
        const rows = slice.rows.filter((r) => {
          const sid = series[r]!;
          if (seen.has(sid)) return false;
          seen.add(sid);
          return true;
        });
        if (rows.length > 0) yield { chunk: slice.chunk, rows };
      }
    },
  };
}
