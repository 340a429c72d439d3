import { compileTable, type TableState } from '../catalog/table-state.js';
import type { TableRecord } from '../catalog/table-record.js';
import type { StoreContext } from '../context.js';
import { DatabaseNotFoundError, InvalidRequestError, TableNotFoundError } from '../errors.js';
import { resolveOptions } from '../options/resolved-options.js';
import type { PendingSeries } from '../series/series-index.js';
import type { EncodedSeriesWrite, WriteRequest, WriteResult } from '../store.js';
import { txPutChunks, txPutEncodedAppend, txPutEncodedChunk } from './chunk-write.js';
import { HeadBatch, txPutEncodedSeriesChunks, txPutSeriesChunks, type EncodedSeriesChunk } from './series-chunk-write.js';
import { layoutOf, type PreWrite } from './pre-write.js';
import { evolveSchema, recordForWrite } from './evolve-schema.js';
import { changedSlots, txRewriteSlots } from './widen-column.js';
import { prepareRows, type PreparedRows } from './prepare-rows.js';

export interface TxWriteOutcome {
  readonly results: WriteResult[];
  /** The final catalog records of the tables this write created or changed. */
  readonly changed: TableRecord[];
  /** False when every table written has skip_wal (no need to wait for the disk flush). */
  readonly durable: boolean;
  /** The head records written, per physical table (the store folds a head that has grown). */
  readonly head: readonly { storageId: number; chunks: number; rows: number }[];
}


/**
 * Runs inside one write transaction: validates every request (creating and evolving tables), then
 * stores the rows. Any error aborts the transaction, so nothing of the batch is written.
 */
export function txWrite(ctx: StoreContext, reqs: readonly WriteRequest[], pending: PendingSeries, pre: readonly (PreWrite | undefined)[] = []): TxWriteOutcome {
  // Sequence numbers for the chunks encoded ahead, reserved with one counter update (a remote write
  // request is one write request per metric table).
  let reserve = 0;
  for (const req of reqs) if (req?.encoded?.kind === 'series') reserve += req.encoded.chunks.length;
  ctx.catalog.txSeqBlock(reserve);
  try {
    return txWriteAll(ctx, reqs, pending, pre);
  } finally {
    ctx.catalog.txEndSeqBlock();
  }
}

function txWriteAll(ctx: StoreContext, reqs: readonly WriteRequest[], pending: PendingSeries, pre: readonly (PreWrite | undefined)[]): TxWriteOutcome {
  const results: WriteResult[] = [];
  const changed = new Map<string, TableRecord>();
  let durable = false;
  const head = new HeadBatch();
  for (let k = 0; k < reqs.length; k++) {
    const req = reqs[k]!;
    // (`rows` is not looked at yet: a write encoded ahead may carry them as a getter that builds them.)
    if (!req || typeof req.db !== 'string' || typeof req.table !== 'string' || !Array.isArray(req.schema)) {
      throw new InvalidRequestError('a write request needs db, table, schema (array) and rows (array)');
    }
    const db = req.db;
    if (!ctx.catalog.txDb(db)) throw new DatabaseNotFoundError(db);
    let rec = ctx.catalog.txTable(db, req.table);
    let created = false;
    if (!rec) {
      created = true;
      const opts = req.options ?? {};
      if (!(opts.auto_create_table ?? ctx.autoCreateTable)) {
        throw new TableNotFoundError(db, req.table, 'auto_create_table is false, so the write does not create it');
      }
      const id = ctx.catalog.txNext('storage');
      const physical = resolveOptions(opts).physicalTable;
      const storageId = physical === undefined ? id : ctx.catalog.txPhysical(db, physical);
      rec = recordForWrite(db, req.table, req.schema, opts, { id, storageId }, ctx.now());
      ctx.catalog.txPutTable(rec);
      changed.set(`${db}\u0000${req.table}`, rec);
    }
    const evolved = evolveSchema(rec, req.schema, req.widenColumns === true);
    const t = compiled(ctx, evolved);
    if (evolved !== rec) {
      ctx.catalog.txPutTable(evolved);
      changed.set(`${db}\u0000${req.table}`, evolved);
      const before = compiled(ctx, rec);
      // Earlier requests of this write must be in the head the rewrite folds first.
      head.txFlush(ctx);
      txRewriteSlots(ctx, before, t, changedSlots(before, t));
    }
    const e = req.encoded;
    if (e?.kind === 'series' && !created && evolved === rec && !t.opts.appendMode && rec.id === e.tableId && rec.version === e.version) {
      // Encoded ahead against this very table state (encode-series.ts): resolve series, store the bytes.
      txPutEncodedSeriesChunks(ctx, t, e.chunks.map(asBufferChunk), pending, head);
      if (!t.opts.skipWal) durable = true;
      results.push({ db, table: req.table, affectedRows: e.count });
      continue;
    }
    if (e !== undefined && e.kind === undefined && !created && evolved === rec && t.opts.appendMode && rec.id === e.tableId && rec.version === e.version) {
      // Encoded ahead against this very table state (encode-append.ts): store the bytes.
      txPutEncodedAppend(ctx, t, e, pending);
      if (!t.opts.skipWal) durable = true;
      results.push({ db, table: req.table, affectedRows: e.count });
      continue;
    }
    if (!Array.isArray(req.rows)) throw new InvalidRequestError('a write request needs db, table, schema (array) and rows (array)');
    const p = pre[k];
    let rows: PreparedRows;
    const fits = p !== undefined && evolved === rec && (p.tableId === 'new' ? created && layoutOf(rec) === p.layout : rec.id === p.tableId && rec.version === p.version);
    if (p !== undefined && fits) {
      // Prepared and encoded before the transaction, against this very table state (pre-write.ts).
      rows = p.rows;
      if (p.series !== undefined) txPutEncodedSeriesChunks(ctx, t, p.series, pending, head);
      else if (p.chunks !== undefined) {
        let seq = ctx.catalog.txNext('seq', p.chunks.length);
        for (const c of p.chunks) txPutEncodedChunk(ctx, t, c, seq++);
      } else if (t.opts.appendMode) txPutChunks(ctx, t, rows, pending);
      else txPutSeriesChunks(ctx, t, rows, pending, head);
    } else {
      rows = prepareRows(t, req);
      if (t.opts.appendMode) txPutChunks(ctx, t, rows, pending);
      else txPutSeriesChunks(ctx, t, rows, pending, head);
    }
    if (!t.opts.skipWal) durable = true;
    results.push({ db, table: req.table, affectedRows: rows.count });
  }
  return { results, changed: [...changed.values()], durable, head: head.txFlush(ctx) };
}

/** A chunk of an EncodedSeriesWrite with its bytes as a Buffer (a view, no copy), as the head batch takes them. */
function asBufferChunk(c: EncodedSeriesWrite['chunks'][number]): EncodedSeriesChunk {
  const b = c.bytes;
  return { tags: c.tags, min: c.min, rows: c.rows, bytes: Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength) };
}

/**
 * The compiled state of a record: the committed one when the write did not change the table (the
 * common case), else compiled afresh.
 */
function compiled(ctx: StoreContext, rec: TableRecord): TableState {
  const cur = ctx.catalog.table(rec.db, rec.name);
  return cur !== undefined && cur.record.id === rec.id && cur.record.version === rec.version ? cur : compileTable(rec);
}
