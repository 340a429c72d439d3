import type { Value } from '@sluice/pipeline-core';
import { ChunkView } from '../codec/chunk-codec.js';
import { decodeChunkMeta, tableRowsOf } from '../codec/chunk-stats.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { ColumnNotFoundError } from '../errors.js';
import { CHUNK_SPAN_NS, chunkKey, chunkKeySeq, chunkKeyTime } from '../keys/chunk-key.js';
import { tableEnd, tableStart } from '../keys/row-key.js';
import type { AggregateRequest, ChunkStatistics } from '../store.js';
import { compareValues } from './compare.js';
import { compilePredicates } from './predicates.js';
import { applyRange, rowSource } from './row-source.js';
import { spanInUnit } from './time-bounds.js';

type Target = { fn: 'count' | 'min' | 'max'; kind: 'star' | 'time' } | { fn: 'count' | 'min' | 'max'; kind: 'field'; slot: number; dflt: Value };

/** Running min/max/count of one aggregate. */
class Acc {
  n = 0;
  best: Value = null;
  constructor(private readonly fn: 'count' | 'min' | 'max') {}
  see(v: Value): void {
    if (v === null) return;
    if (this.best === null) this.best = v;
    else {
      const c = compareValues(v, this.best);
      if ((this.fn === 'min' && c < 0) || (this.fn === 'max' && c > 0)) this.best = v;
    }
  }
  result(): Value {
    return this.fn === 'count' ? this.n : this.best;
  }
}

/**
 * count(*), count/min/max of the time index and of field columns over an append-mode table, answered
 * from chunk metadata (codec/chunk-stats.ts): chunks wholly inside the time range are not read; only
 * the (at most two) chunks cut by the range bounds are decoded. Undefined when the metadata cannot
 * answer (predicates, tag columns, unordered types, tables without chunks).
 */
export function aggregateChunks(ctx: StoreContext, t: TableState, req: AggregateRequest): Value[] | undefined {
  if (!t.opts.appendMode || (req.predicates?.length ?? 0) > 0 || (req.groupBy?.length ?? 0) > 0) return undefined;
  const targets: Target[] = [];
  for (const a of req.aggregates) {
    if (a.fn === 'sum' || a.fn === 'avg') return undefined;
    if (a.column === undefined) {
      if (a.fn !== 'count') return undefined;
      targets.push({ fn: 'count', kind: 'star' });
      continue;
    }
    const col = t.byName.get(a.column);
    if (!col) throw new ColumnNotFoundError(`${t.record.db}.${t.record.name}`, a.column);
    if (col.name === t.info.timeIndex) targets.push({ fn: a.fn, kind: 'time' });
    else if (t.fieldSlot.has(col.name)) targets.push({ fn: a.fn, kind: 'field', slot: t.fieldSlot.get(col.name)!, dflt: col.default ?? null });
    else return undefined;
  }
  const preds = compilePredicates(t, []);
  applyRange(ctx, t, { timeRange: req.timeRange, wantedFields: [] }, preds);
  const { lo, hi } = preds;
  const accs = targets.map((x) => new Acc(x.fn));
  if (lo !== undefined && hi !== undefined && lo >= hi) return accs.map((a) => a.result());
  if (lo === undefined && hi === undefined && targets.every((x) => x.fn === 'count' && x.kind !== 'field')) {
    // count(*) over the whole table: the row counts of the chunks' metadata, nothing else decoded.
    let rows = 0;
    const txn = ctx.env.root.useReadTransaction();
    try {
      for (const { value } of ctx.env.chunkTableRows.getRange({ start: tableStart(t.storageId), end: tableEnd(t.storageId), transaction: txn })) {
        const n = tableRowsOf(value, t.record.id);
        if (n > 0) rows += n;
        else if (Number.isNaN(n)) return undefined; // a count past 2^32 rows in one chunk: the caller scans
      }
    } finally {
      txn.done();
    }
    return targets.map(() => rows);
  }
  const span = spanInUnit(CHUNK_SPAN_NS, t.timeUnit);
  const upTo = Math.max(0, ...targets.map((x) => (x.kind === 'field' ? x.slot + 1 : 0)));
  const txn = ctx.env.root.useReadTransaction();
  // lmdb-js takes a transaction in get options at run time; its typings omit the parameter.
  const getBody = ctx.env.chunks.getBinary.bind(ctx.env.chunks) as (k: Buffer, o: { transaction: typeof txn }) => Buffer | undefined;
  try {
    const start = lo === undefined ? tableStart(t.storageId) : chunkKey(t.storageId, lo, 0);
    for (const { key, value } of ctx.env.chunkEnds.getRange({ start, end: tableEnd(t.storageId), transaction: txn })) {
      const maxTs = chunkKeyTime(key as Buffer);
      if (hi !== undefined && maxTs - span >= hi) break;
      const meta = decodeChunkMeta(t.fieldTypes, value as Buffer, upTo);
      if (meta.tableId !== t.record.id || (hi !== undefined && meta.minTs >= hi)) continue;
      const whole = (lo === undefined || meta.minTs >= lo) && (hi === undefined || maxTs < hi);
      if (whole) {
        for (let k = 0; k < targets.length; k++) {
          const x = targets[k]!;
          const acc = accs[k]!;
          if (x.kind !== 'field') {
            acc.n += meta.count;
            if (x.fn !== 'count') acc.see(x.fn === 'max' ? maxTs : meta.minTs);
            continue;
          }
          const s = x.slot < meta.stored ? meta.slots[x.slot] : undefined;
          if (s === undefined) {
            if (x.dflt !== null) {
              acc.n += meta.count;
              acc.see(x.dflt);
            }
            continue;
          }
          acc.n += meta.count - s.nulls;
          if (x.fn !== 'count' && s.nulls < meta.count) {
            if (s.min === undefined || s.max === undefined) return undefined;
            acc.see(x.fn === 'min' ? s.min : s.max);
          }
        }
        continue;
      }
      // A chunk cut by a bound: decode its times (and the aggregated columns) for the rows inside.
      const body = getBody(chunkKey(t.storageId, meta.minTs, chunkKeySeq(key as Buffer)), { transaction: txn });
      if (body === undefined) continue;
      const view = new ChunkView(body);
      const rows: number[] = [];
      const ts = view.ts();
      for (let i = 0; i < view.count; i++) if ((lo === undefined || ts[i]! >= lo) && (hi === undefined || ts[i]! < hi)) rows.push(i);
      for (let k = 0; k < targets.length; k++) {
        const x = targets[k]!;
        const acc = accs[k]!;
        if (x.kind !== 'field') {
          acc.n += rows.length;
          if (rows.length > 0) acc.see(ts[rows[x.fn === 'max' ? rows.length - 1 : 0]!]!);
          continue;
        }
        const vals = view.field(x.slot, t.fieldTypes[x.slot]!, rows);
        for (const i of rows) {
          const v = vals === undefined ? x.dflt : vals[i]!;
          if (v !== null) acc.n++;
          if (x.fn !== 'count') acc.see(v);
        }
      }
    }
  } finally {
    txn.done();
  }
  return accs.map((a) => a.result());
}

/** Chunks, rows and time bounds of a table as stored (before TTL) from chunk metadata; row tables: rows only. */
export function chunkStatistics(ctx: StoreContext, t: TableState): ChunkStatistics {
  if (!t.opts.appendMode) {
    const source = rowSource(ctx, t, { wantedFields: [] });
    let rows = source.count();
    if (rows === undefined) {
      rows = 0;
      for (const _ of source) rows++;
    }
    return { chunks: 0, rows };
  }
  let chunks = 0;
  let rows = 0;
  let minTs: bigint | undefined;
  let maxTs: bigint | undefined;
  for (const { key, value } of ctx.env.chunkEnds.getRange({ start: tableStart(t.storageId), end: tableEnd(t.storageId) })) {
    const meta = decodeChunkMeta(t.fieldTypes, value as Buffer, 0);
    if (meta.tableId !== t.record.id) continue;
    chunks++;
    rows += meta.count;
    if (minTs === undefined || meta.minTs < minTs) minTs = meta.minTs;
    maxTs = chunkKeyTime(key as Buffer);
  }
  return { chunks, rows, ...(minTs !== undefined ? { minTs, maxTs } : {}) };
}
