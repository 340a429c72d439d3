import { SeriesChunkView } from '../codec/series-chunk-codec.js';
import type { StoreContext } from '../context.js';
import { seriesChunkKey } from '../keys/series-chunk-key.js';
import type { StoredChunk } from './series-run.js';

/**
 * The series head: fresh writes to tables without append_mode land here first, as ONE record per
 * physical table per write transaction (`series_head`: `u32 storageId | u64 seq` → the chunks of that
 * write), instead of one `series_chunks` put per series. A remote-write request touches hundreds of
 * series with a few samples each; putting each series' chunk under its own key dirtied one B-tree leaf
 * per series and made every durable commit flush hundreds of pages. A head record is appended at the
 * end of its key range (a page or two), in the same transaction as the series it creates, so a 204
 * still means durable.
 *
 * Head chunks keep exactly the keys a direct write would have given them (`storageId, sid, min, seq`),
 * and reads merge them with the stored chunks of the same snapshot (`headView`), so a scan answers the
 * same whether a chunk is in the head or folded. `txFoldHead` later moves them into `series_chunks`,
 * many writes at a time: the chunks of one series are merged into one (resolved as a read would), under
 * the highest seq among them. That is exact because every head chunk is newer (higher seq) than every
 * stored chunk of its physical table: the only other writers of `series_chunks` (compaction, deletes,
 * the TTL sweep, column widening, a fold) fold the whole head first, in their own transaction.
 *
 * Record layout: `u32 count`, then per chunk `u32 tableId | u32 sid | i64 min | u32 seqHi | u32 seqLo |
 * u32 rows | u32 len | bytes`.
 */
export interface HeadChunk {
  readonly tableId: number;
  readonly sid: number;
  readonly min: bigint;
  readonly seq: number;
  readonly rows: number;
  readonly bytes: Buffer;
  /** The chunk as a read sees it (built on first use). */
  stored?: StoredChunk;
}

export interface HeadEntry {
  readonly tableId: number;
  readonly sid: number;
  readonly min: bigint;
  readonly seq: number;
  readonly rows: number;
  readonly bytes: Buffer;
}

const ENTRY_HEADER = 32;

export function headKey(storageId: number, seq: number): Buffer {
  const k = Buffer.allocUnsafe(12);
  k.writeUInt32BE(storageId, 0);
  k.writeUInt32BE(Math.floor(seq / 0x1_0000_0000), 4);
  k.writeUInt32BE(seq >>> 0, 8);
  return k;
}

function storageBound(storageId: number): Buffer {
  const k = Buffer.allocUnsafe(4);
  k.writeUInt32BE(storageId, 0);
  return k;
}

export function encodeHeadRecord(entries: readonly HeadEntry[]): Buffer {
  let size = 4;
  for (const e of entries) size += ENTRY_HEADER + e.bytes.length;
  const out = Buffer.allocUnsafe(size);
  // Through a DataView: Buffer's checked write methods cost more than the copying here.
  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  dv.setUint32(0, entries.length);
  let p = 4;
  for (const e of entries) {
    dv.setUint32(p, e.tableId);
    dv.setUint32(p + 4, e.sid);
    dv.setBigInt64(p + 8, e.min);
    dv.setUint32(p + 16, Math.floor(e.seq / 0x1_0000_0000));
    dv.setUint32(p + 20, e.seq >>> 0);
    dv.setUint32(p + 24, e.rows);
    dv.setUint32(p + 28, e.bytes.length);
    out.set(e.bytes, p + ENTRY_HEADER);
    p += ENTRY_HEADER + e.bytes.length;
  }
  return out;
}

export function decodeHeadRecord(buf: Buffer): HeadChunk[] {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const n = dv.getUint32(0);
  const out: HeadChunk[] = new Array(n);
  let p = 4;
  for (let i = 0; i < n; i++) {
    const len = dv.getUint32(p + 28);
    out[i] = {
      tableId: dv.getUint32(p),
      sid: dv.getUint32(p + 4),
      min: dv.getBigInt64(p + 8),
      seq: dv.getUint32(p + 16) * 0x1_0000_0000 + dv.getUint32(p + 20),
      rows: dv.getUint32(p + 24),
      bytes: buf.subarray(p + ENTRY_HEADER, p + ENTRY_HEADER + len),
    };
    p += ENTRY_HEADER + len;
  }
  return out;
}

/** The head chunks of one physical table in one snapshot, by series, each series' in key order. */
export class HeadView {
  constructor(
    readonly storageId: number,
    private readonly bySid: ReadonlyMap<number, readonly HeadChunk[]>,
  ) {}

  /** The chunks by series (headView builds the next view from it when records were only appended). */
  get bySeries(): ReadonlyMap<number, readonly HeadChunk[]> {
    return this.bySid;
  }

  get empty(): boolean {
    return this.bySid.size === 0;
  }

  has(sid: number): boolean {
    return this.bySid.has(sid);
  }

  /** The series' head chunks whose key minTime lies in [from, to) (either bound open when undefined). */
  chunks(sid: number, from: bigint | undefined, to: bigint | undefined): StoredChunk[] {
    const list = this.bySid.get(sid);
    if (list === undefined) return [];
    const out: StoredChunk[] = [];
    for (const c of list) {
      if ((from !== undefined && c.min < from) || (to !== undefined && c.min >= to)) continue;
      out.push((c.stored ??= { key: seriesChunkKey(this.storageId, c.sid, c.min, c.seq), min: c.min, seq: c.seq, view: new SeriesChunkView(c.bytes) }));
    }
    return out;
  }

  /** The smallest (largest when `last`) key minTime of the series' head chunks in [from, to). */
  bound(sid: number, from: bigint | undefined, to: bigint | undefined, last: boolean): bigint | undefined {
    const list = this.bySid.get(sid);
    if (list === undefined) return undefined;
    let best: bigint | undefined;
    for (const c of list) {
      if ((from !== undefined && c.min < from) || (to !== undefined && c.min >= to)) continue;
      if (best === undefined || (last ? c.min > best : c.min < best)) best = c.min;
    }
    return best;
  }
}

const EMPTY = new Map<number, HeadChunk[]>();

/** What one store (environment) caches of its heads. */
interface HeadCache {
  /** Decoded committed records (immutable until folded away), by `storageId:seq`. */
  readonly records: Map<string, HeadChunk[]>;
  /** The last view built per storage id and the record keys it was built from. */
  readonly lastView: Map<number, { sig: string; view: HeadView }>;
}
const caches = new WeakMap<object, HeadCache>();

function cacheOf(ctx: StoreContext): HeadCache {
  let c = caches.get(ctx.env);
  if (c === undefined) caches.set(ctx.env, (c = { records: new Map(), lastView: new Map() }));
  return c;
}

/**
 * The head of physical table `storageId` as snapshot `txn` sees it (undefined `txn`: inside the current
 * write transaction, never cached). A scan takes it once, with its snapshot; views of committed
 * snapshots are cached by their record keys (records are immutable until folded away).
 */
export function headView(ctx: StoreContext, storageId: number, txn: unknown): HeadView {
  const cacheable = txn !== undefined && txn !== null && typeof txn === 'object';
  const { records, lastView } = cacheOf(ctx);
  const db = ctx.env.seriesHead;
  const range = { start: storageBound(storageId), end: storageBound(storageId + 1), ...(cacheable ? { transaction: txn } : {}) } as Parameters<typeof db.getKeys>[0];
  const seqs: string[] = [];
  for (const k of db.getKeys(range) as Iterable<Buffer>) seqs.push(`${k.readUInt32BE(4) * 0x1_0000_0000 + k.readUInt32BE(8)}`);
  let view: HeadView;
  if (seqs.length === 0) view = new HeadView(storageId, EMPTY);
  else {
    const sig = seqs.join(',');
    const last = cacheable ? lastView.get(storageId) : undefined;
    if (last !== undefined && last.sig === sig) view = last.view;
    else {
      // Records only appended since the last view (writes, no fold): that view's series lists are kept
      // and only the series of the new records regrouped (a head holds up to FOLD_CHUNKS chunks).
      const grown = last !== undefined && sig.startsWith(`${last.sig},`) ? last : undefined;
      const bySid = new Map<number, readonly HeadChunk[]>(grown?.view.bySeries ?? []);
      const from = grown !== undefined ? grown.sig.split(',').length : 0;
      const touched = new Set<HeadChunk[]>();
      const live = new Set<string>();
      for (let i = 0; i < from; i++) live.add(`${storageId}:${seqs[i]}`);
      for (const s of seqs.slice(from)) {
        const id = `${storageId}:${s}`;
        live.add(id);
        let chunks = cacheable ? records.get(id) : undefined;
        if (chunks === undefined) {
          const raw = db.get(headKey(storageId, Number(s)), cacheable ? ({ transaction: txn } as never) : undefined) as Buffer | undefined;
          if (raw === undefined) continue;
          chunks = decodeHeadRecord(Buffer.from(raw));
          if (cacheable) records.set(id, chunks);
        }
        for (const c of chunks) {
          const had = bySid.get(c.sid);
          let list = had as HeadChunk[] | undefined;
          if (list === undefined || !touched.has(list)) {
            // A list of the last view is copied before it grows (that view may still be in use).
            bySid.set(c.sid, (list = had === undefined ? [] : had.slice()));
            touched.add(list);
          }
          list.push(c);
        }
      }
      for (const list of touched) if (list.length > 1) list.sort((a, b) => (a.min < b.min ? -1 : a.min > b.min ? 1 : a.seq - b.seq));
      view = new HeadView(storageId, bySid);
      if (cacheable) {
        lastView.set(storageId, { sig, view });
        // Records folded away are dropped from the decode cache.
        const prefix = `${storageId}:`;
        for (const id of records.keys()) if (id.startsWith(prefix) && !live.has(id)) records.delete(id);
      }
    }
  }
  return view;
}

/** Inside a write transaction: appends one head record of a physical table (entries in seq order). */
export function txPutHead(ctx: StoreContext, storageId: number, entries: readonly HeadEntry[]): void {
  if (entries.length === 0) return;
  ctx.env.seriesHead.putSync(headKey(storageId, entries[0]!.seq), encodeHeadRecord(entries));
}

/** Storage ids that have head records (for a full fold). */
export function headStorageIds(ctx: StoreContext): number[] {
  const ids: number[] = [];
  let next: Buffer | undefined = Buffer.alloc(0);
  while (next !== undefined) {
    let found: number | undefined;
    for (const k of ctx.env.seriesHead.getKeys({ start: next, limit: 1 } as Parameters<typeof ctx.env.seriesHead.getKeys>[0]) as Iterable<Buffer>) found = k.readUInt32BE(0);
    if (found === undefined) break;
    ids.push(found);
    next = found === 0xffff_ffff ? undefined : storageBound(found + 1);
  }
  return ids;
}
