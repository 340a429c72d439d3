import type { Value } from '@sluice/pipeline-core';
import { ByteReader } from '../codec/byte-reader.js';
import { decodeRow } from '../codec/row-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { keySeries, keyTime } from '../keys/row-key.js';
import { boxedArray } from './prepare-rows.js';
import { cutSeries, txStoreSeriesChunks, type SeriesChunkInput } from './series-chunk-write.js';

interface Pending {
  readonly t: TableState;
  readonly sid: number;
  readonly ts: bigint[];
  readonly fields: (Value | undefined)[][];
}

/**
 * Inside a write transaction: moves up to `max` rows of the legacy `rows` database (one entry per row,
 * data homes written before series chunks) into series chunks, and deletes them. Rows whose series
 * belongs to no table any more are dropped. Returns how many rows were moved (0: nothing left).
 * A row's key is unique per (series, time), so rows moved by different calls never collide.
 */
export function txMigrateRows(ctx: StoreContext, max: number): number {
  const byId = new Map<number, TableState>();
  for (const t of ctx.catalog.allTables()) byId.set(t.record.id, t);
  const reader = new ByteReader();
  const groups = new Map<string, Pending>();
  const done: Buffer[] = [];
  const seriesKey = Buffer.allocUnsafe(8);
  for (const { key, value } of ctx.env.rows.getRange({})) {
    if (done.length >= max) break;
    const k = Buffer.from(key as Buffer);
    done.push(k);
    const storageId = k.readUInt32BE(0);
    const sid = keySeries(k);
    const gk = `${storageId}:${sid}`;
    let g = groups.get(gk);
    if (g === undefined) {
      seriesKey.writeUInt32BE(storageId, 0);
      seriesKey.writeUInt32BE(sid, 4);
      const raw = ctx.env.seriesIds.get(seriesKey);
      const t = raw === undefined ? undefined : byId.get(raw.readUInt32BE(0));
      if (t === undefined || t.storageId !== storageId || t.opts.appendMode) continue;
      groups.set(gk, (g = { t, sid, ts: [], fields: t.fieldTypes.map(() => boxedArray()) }));
    }
    const vals: (Value | undefined)[] = new Array(g.t.fieldTypes.length);
    decodeRow(reader.reset(value as Buffer), g.t.fieldTypes, g.t.fieldTypes.map(() => true), vals);
    g.ts.push(keyTime(k));
    for (let s = 0; s < vals.length; s++) g.fields[s]!.push(vals[s]);
  }
  const byTable = new Map<TableState, SeriesChunkInput[]>();
  for (const g of groups.values()) {
    let list = byTable.get(g.t);
    if (list === undefined) byTable.set(g.t, (list = []));
    // Legacy keys are time-major: one series' rows come in time order, one per time.
    cutSeries(g.t, g.sid, Array.from({ length: g.ts.length }, (_, i) => i), g.ts, g.fields, list);
  }
  for (const [t, list] of byTable) txStoreSeriesChunks(ctx, t, list);
  for (const k of done) ctx.env.rows.removeSync(k);
  return done.length;
}
