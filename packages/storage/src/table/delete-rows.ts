import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { keySeries, tableStart, timeBound } from '../keys/row-key.js';
import type { ScanRequest } from '../store.js';
import { rowSource } from './row-source.js';
import { ttlCutoff } from './time-bounds.js';

/** Inside a write transaction: removes the visible rows matching the request; returns how many. */
export function txDeleteRows(ctx: StoreContext, t: TableState, req: Pick<ScanRequest, 'timeRange' | 'predicates'>): number {
  const keys: Buffer[] = [];
  const wanted = t.fields.map(() => false);
  for (const row of rowSource(ctx, t, { timeRange: req.timeRange, predicates: req.predicates, wantedFields: wanted })) keys.push(Buffer.from(row.key));
  for (const k of keys) ctx.env.rows.removeSync(k);
  return keys.length;
}

/**
 * Inside a write transaction: removes up to `max` rows of the table, all of them or only those with a
 * time index below `before` (the TTL sweep), keeping other logical tables' rows in a shared table.
 */
export function txRemoveRange(ctx: StoreContext, t: TableState, before: bigint | undefined, max: number): number {
  const end = before === undefined ? tableStart(t.storageId + 1) : timeBound(t.storageId, before);
  const keys: Buffer[] = [];
  for (const key of ctx.env.rows.getKeys({ start: tableStart(t.storageId), end })) {
    const k = key as Buffer;
    if (t.shared && ctx.series.entry(t, keySeries(k))?.tableId !== t.record.id) continue;
    keys.push(Buffer.from(k));
    if (keys.length >= max) break;
  }
  for (const k of keys) ctx.env.rows.removeSync(k);
  return keys.length;
}

/** The TTL cut-off of a table now, or undefined when its rows never expire. */
export function expiryBound(ctx: StoreContext, t: TableState): bigint | undefined {
  return t.opts.ttlMs === undefined ? undefined : ttlCutoff(ctx.now(), t.opts.ttlMs, t.timeUnit);
}
