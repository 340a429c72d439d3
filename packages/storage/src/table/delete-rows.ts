import type { Value } from '@sluice/pipeline-core';
import { ByteWriter } from '../codec/byte-writer.js';
import { colValue, encodeSeriesChunk, SeriesChunkView } from '../codec/series-chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { keyChunkMin, seriesEnd, seriesStart, seriesTimeBound } from '../keys/series-chunk-key.js';
import type { ScanRequest } from '../store.js';
import { valueColumn } from './prepare-rows.js';
import { rowSource } from './row-source.js';
import { readChunks, seriesSpan, type StoredChunk } from './series-run.js';
import { txFoldHead } from './series-head-fold.js';
import { ttlCutoff } from './time-bounds.js';

const writer = new ByteWriter(1 << 12);

/**
 * Inside a write transaction: removes the visible rows matching the request; returns how many. The
 * times to delete are found on the resolved rows (predicates see what a scan sees); then every stored
 * version of those times is removed from the series' chunks, each chunk rewritten under its own key
 * (same seq, so its precedence over other chunks is unchanged) or removed when emptied.
 */
export function txDeleteRows(ctx: StoreContext, t: TableState, req: Pick<ScanRequest, 'timeRange' | 'predicates'>): number {
  txFoldHead(ctx, t.storageId);
  const doomed = new Map<number, Set<bigint>>();
  let total = 0;
  const wanted = t.fields.map(() => false);
  for (const row of rowSource(ctx, t, { timeRange: req.timeRange, predicates: req.predicates, wantedFields: wanted, inWriteTxn: true })) {
    let set = doomed.get(row.sid);
    if (set === undefined) doomed.set(row.sid, (set = new Set()));
    set.add(row.ts);
    total++;
  }
  const span = seriesSpan(t);
  for (const [sid, times] of doomed) {
    let lo: bigint | undefined;
    let hi: bigint | undefined;
    for (const ts of times) {
      if (lo === undefined || ts < lo) lo = ts;
      if (hi === undefined || ts > hi) hi = ts;
    }
    for (const c of readChunks(ctx, t, sid, lo! - span + 1n, hi! + 1n, undefined)) rewriteWithout(ctx, t, c, times);
  }
  return total;
}

/** Rewrites a chunk without the rows at `times` (removes it when none is left). */
function rewriteWithout(ctx: StoreContext, t: TableState, c: StoredChunk, times: Set<bigint>): void {
  const offs = c.view.offs();
  const keep: number[] = [];
  for (let i = 0; i < offs.length; i++) if (!times.has(c.min + BigInt(offs[i]!))) keep.push(i);
  if (keep.length === offs.length) return;
  if (keep.length === 0) {
    ctx.env.seriesChunks.removeSync(c.key);
    return;
  }
  txRewriteChunk(ctx, t, t, c.key, c.view, keep, () => undefined);
}

/**
 * Re-encodes rows `keep` of a stored chunk under its own key; `convert(slot)` may map a slot's values
 * (a widened column), written with `after`'s types.
 */
export function txRewriteChunk(
  ctx: StoreContext,
  before: TableState,
  after: TableState,
  key: Buffer,
  view: SeriesChunkView,
  keep: readonly number[],
  convert: (slot: number) => ((v: Value) => Value) | undefined,
): void {
  const offs = view.offs();
  const fields: (Value | undefined)[][] = [];
  for (let s = 0; s < view.slots; s++) {
    const col = view.col(s, before.fieldTypes[s]!);
    const f = convert(s);
    const out: (Value | undefined)[] = valueColumn(keep.length);
    for (let k = 0; k < keep.length; k++) {
      const v = colValue(col, keep[k]!);
      out[k] = f === undefined || v === undefined || v === null ? v : f(v);
    }
    fields.push(out);
  }
  writer.reset();
  encodeSeriesChunk(writer, after.fieldTypes, keep.map((i) => offs[i]!), keep.length, fields);
  ctx.env.seriesChunks.putSync(key, writer.take());
}

/**
 * Inside a write transaction: removes up to about `max` rows of the table, all of them or (the TTL
 * sweep) the chunks whose every time is below `before`; a chunk straddling the cut-off stays until its
 * last row expires (its earlier rows are hidden by the scan range). Returns the rows removed.
 */
export function txRemoveRange(ctx: StoreContext, t: TableState, before: bigint | undefined, max: number): number {
  txFoldHead(ctx, t.storageId);
  const db = ctx.env.seriesChunks;
  const sids = ctx.series.tableSeries(t, Number.MAX_SAFE_INTEGER) ?? [];
  const doomed: Buffer[] = [];
  let rows = 0;
  for (const sid of sids) {
    const end = before === undefined ? seriesEnd(t.storageId, sid) : seriesTimeBound(t.storageId, sid, before);
    for (const { key, value } of db.getRange({ start: seriesStart(t.storageId, sid), end })) {
      const k = key as Buffer;
      const view = new SeriesChunkView(value as Buffer);
      // A chunk straddling the cut-off stays (its expired rows are hidden by the scan range).
      if (before !== undefined && keyChunkMin(k) + BigInt(view.maxOff) >= before) continue;
      doomed.push(Buffer.from(k));
      rows += view.count;
      if (rows >= max) break;
    }
    if (rows >= max) break;
  }
  for (const k of doomed) db.removeSync(k);
  return rows;
}

/** The TTL cut-off of a table now, or undefined when its rows never expire. */
export function expiryBound(ctx: StoreContext, t: TableState): bigint | undefined {
  return t.opts.ttlMs === undefined ? undefined : ttlCutoff(ctx.now(), t.opts.ttlMs, t.timeUnit);
}
