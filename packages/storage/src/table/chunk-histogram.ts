import { ChunkView } from '../codec/chunk-codec.js';
import { decodeChunkMeta } from '../codec/chunk-stats.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { CHUNK_SPAN_NS, chunkKey, chunkKeySeq, chunkKeyTime } from '../keys/chunk-key.js';
import { tableEnd, tableStart } from '../keys/row-key.js';
import type { AggregateRequest } from '../store.js';
import { compilePredicates } from './predicates.js';
import { applyRange } from './row-source.js';
import { spanInUnit } from './time-bounds.js';

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/**
 * A histogram of counts (GROUP BY one time bucket, count(*) or count(time) only, no predicates) from chunk
 * metadata: a chunk wholly inside the time range whose first and last times fall in one bucket adds its
 * row count without being read; only the other chunks' time blocks are decoded. Buckets (start times in
 * the column's unit) come out ascending, the order an ascending scan meets them. `step` is the bucket
 * width in the column's unit.
 */
export function bucketCounts(ctx: StoreContext, t: TableState, req: Pick<AggregateRequest, 'timeRange'>, step: bigint): Map<bigint, number> {
  const preds = compilePredicates(t, []);
  applyRange(ctx, t, { timeRange: req.timeRange, wantedFields: [] }, preds);
  const { lo, hi } = preds;
  const counts = new Map<bigint, number>();
  if (lo !== undefined && hi !== undefined && lo >= hi) return counts;
  const add = (bucket: bigint, n: number) => counts.set(bucket, (counts.get(bucket) ?? 0) + n);
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  const stepN = Number(step);
  const txn = ctx.env.root.useReadTransaction();
  // lmdb-js takes a transaction in get options at run time; its typings omit the parameter.
  const getBody = ctx.env.chunks.getBinary.bind(ctx.env.chunks) as (k: Buffer, o: { transaction: typeof txn }) => Buffer | undefined;
  try {
    const start = lo === undefined ? tableStart(t.storageId) : chunkKey(t.storageId, lo, 0);
    for (const { key, value } of ctx.env.chunkEnds.getRange({ start, end: tableEnd(t.storageId), transaction: txn })) {
      const maxTs = chunkKeyTime(key as Buffer);
      if (hi !== undefined && maxTs - span >= hi) break;
      const meta = decodeChunkMeta(t.fieldTypes, value as Buffer, 0);
      if (meta.tableId !== t.record.id || (hi !== undefined && meta.minTs >= hi)) continue;
      const whole = (lo === undefined || meta.minTs >= lo) && (hi === undefined || maxTs < hi);
      const first = floorDiv(meta.minTs, step);
      if (whole && first === floorDiv(maxTs, step)) {
        add(first * step, meta.count);
        continue;
      }
      const body = getBody(chunkKey(t.storageId, meta.minTs, chunkKeySeq(key as Buffer)), { transaction: txn });
      if (body === undefined) continue;
      const view = new ChunkView(body);
      const deltas = view.deltas();
      // Offsets from the first bucket's start; the rows are in time order, so each bucket is one run.
      const rem = Number(view.minTs - first * step);
      const loOff = lo === undefined ? -Infinity : Number(lo - view.minTs);
      const hiOff = hi === undefined ? Infinity : Number(hi - view.minTs);
      let i = 0;
      while (i < view.count && deltas[i]! < loOff) i++;
      while (i < view.count && deltas[i]! < hiOff) {
        const off = Math.floor((rem + deltas[i]!) / stepN);
        const next = Math.min((off + 1) * stepN - rem, hiOff);
        let e = i + 1;
        while (e < view.count && deltas[e]! < next) e++;
        add((first + BigInt(off)) * step, e - i);
        i = e;
      }
    }
  } finally {
    txn.done();
  }
  return new Map([...counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}
