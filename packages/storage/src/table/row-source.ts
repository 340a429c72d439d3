import type { Value } from '@sluice/pipeline-core';
import { ByteReader } from '../codec/byte-reader.js';
import { decodeRow } from '../codec/row-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { keySeries, keyTime, tableEnd, tableStart, timeBound } from '../keys/row-key.js';
import type { ScanRequest } from '../store.js';
import { compilePredicates, type CompiledPredicates } from './predicates.js';
import { seekSeries } from './series-seek.js';
import { ceilToUnit, ttlCutoff } from './time-bounds.js';

/** One visible row: its key, time, tags, and (when asked for) its decoded field slots. */
export interface SourceRow {
  readonly key: Buffer;
  /** The time index (decoded from the key on each read). */
  readonly ts: bigint;
  readonly sid: number;
  readonly tags: readonly Value[];
  /** Field slots; `undefined` marks a slot the row predates (the column default applies). */
  readonly fields: readonly (Value | undefined)[];
}

export interface RowSourceOptions {
  readonly timeRange?: ScanRequest['timeRange'];
  readonly predicates?: ScanRequest['predicates'];
  readonly descending?: boolean;
  /** Field slots the caller reads (predicated slots are added). */
  readonly wantedFields: readonly boolean[];
}

/**
 * Iterates a table's visible rows in time order over one LMDB snapshot: the key range covers the
 * time range (narrowed by TTL and time predicates); rows of other logical tables in a shared
 * physical table and rows failing a predicate are skipped. The yielded object is reused.
 */
export function rowSource(ctx: StoreContext, t: TableState, o: RowSourceOptions): Iterable<SourceRow> & { count(): number | undefined } {
  const preds = compilePredicates(t, o.predicates ?? []);
  applyRange(ctx, t, o, preds);
  return {
    [Symbol.iterator]: () => iterate(ctx, t, o, preds),
    /** The number of rows when no row needs looking at (no predicate, table not shared), else undefined. */
    count: () => {
      if (preds.timeTests.length > 0 || preds.tagTests.length > 0 || preds.fieldTests.length > 0 || t.shared) return undefined;
      if (preds.lo !== undefined && preds.hi !== undefined && preds.lo >= preds.hi) return 0;
      const start = preds.lo === undefined ? tableStart(t.storageId) : timeBound(t.storageId, preds.lo);
      const end = preds.hi === undefined ? tableEnd(t.storageId) : timeBound(t.storageId, preds.hi);
      return ctx.env.rows.getCount({ start, end });
    },
  };
}

function* iterate(ctx: StoreContext, t: TableState, o: RowSourceOptions, preds: CompiledPredicates): Generator<SourceRow> {
  if (preds.lo !== undefined && preds.hi !== undefined && preds.lo >= preds.hi) return;
  const lowKey = preds.lo === undefined ? tableStart(t.storageId) : timeBound(t.storageId, preds.lo);
  const highKey = preds.hi === undefined ? tableEnd(t.storageId) : timeBound(t.storageId, preds.hi);
  const wanted = o.wantedFields.slice();
  for (const f of preds.fieldTests) wanted[f.slot] = true;
  const needValues = wanted.some(Boolean);
  const series = new Map<number, readonly Value[] | null>();
  const fields: (Value | undefined)[] = new Array(t.fieldTypes.length).fill(undefined);
  const reader = new ByteReader();
  const out = {
    key: undefined as unknown as Buffer,
    sid: 0,
    tags: [] as readonly Value[],
    fields: fields as readonly (Value | undefined)[],
    get ts(): bigint {
      return keyTime(this.key);
    },
  };
  const noFieldValues = new Array(t.fieldTypes.length).fill(null);
  /** Fills `out` from one stored row; false when the row is not visible or fails a predicate. */
  const accept = (key: Buffer, value: Buffer | undefined): boolean => {
    const sid = keySeries(key);
    let tags = series.get(sid);
    if (tags === undefined) {
      tags = seriesTags(ctx, t, sid, preds);
      series.set(sid, tags);
    }
    if (tags === null) return false;
    if (preds.timeTests.length > 0) {
      const ts = keyTime(key);
      if (!preds.timeTests.every((test) => test(ts))) return false;
    }
    if (needValues) {
      decodeRow(reader.reset(value!), t.fieldTypes, wanted, fields);
      for (const f of preds.fieldTests) {
        const v = fields[f.slot];
        if (!f.test(v === undefined ? (t.fields[f.slot]!.default ?? null) : v)) return false;
      }
      out.fields = fields;
    } else out.fields = noFieldValues;
    out.key = key;
    out.sid = sid;
    out.tags = tags;
    return true;
  };
  const few = preds.tagTests.length > 0 ? fewSeries(ctx, t, preds) : undefined;
  if (few !== undefined) {
    for (const row of seekSeries(ctx, t.storageId, few, preds.lo, preds.hi, o.descending === true, lowKey, highKey)) if (accept(row.key, row.value)) yield out;
    return;
  }
  // `values: false` (keys only) is supported by lmdb-js but missing from its RangeOptions type.
  const rangeOptions = o.descending ? { start: highKey, end: lowKey, reverse: true, values: needValues } : { start: lowKey, end: highKey, values: needValues };
  const range = ctx.env.rows.getRange(rangeOptions as Parameters<typeof ctx.env.rows.getRange>[0]);
  for (const entry of range) {
    // With `values: false` lmdb-js yields the keys themselves.
    if (needValues ? accept(entry.key, entry.value) : accept(entry as unknown as Buffer, undefined)) yield out;
  }
}

/** Series pruning pays when the tag predicates keep at most 1 in this many of a table's series. */
const SEEK_RATIO = 16;
const MAX_SERIES_LISTED = 100_000;

/**
 * The table's series passing the tag predicates, when they are few enough that reading them one by one
 * (series-seek.ts) beats scanning the key range; undefined otherwise. Predicates run once per series.
 */
function fewSeries(ctx: StoreContext, t: TableState, preds: CompiledPredicates): number[] | undefined {
  const all = ctx.series.tableSeries(t, MAX_SERIES_LISTED);
  if (all === undefined) return undefined;
  const keep: number[] = [];
  for (const sid of all) {
    if (seriesTags(ctx, t, sid, preds) === null) continue;
    keep.push(sid);
    if (keep.length * SEEK_RATIO > all.length) return undefined;
  }
  return keep;
}

export function applyRange(ctx: StoreContext, t: TableState, o: RowSourceOptions, preds: CompiledPredicates): void {
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
