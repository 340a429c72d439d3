import type { Value } from '@sluice/pipeline-core';
import { ByteReader } from '../codec/byte-reader.js';
import { ByteWriter } from '../codec/byte-writer.js';
import { decodeRow, encodeRow } from '../codec/row-codec.js';
import { compileTable, type TableState } from '../catalog/table-state.js';
import type { TableRecord } from '../catalog/table-record.js';
import type { StoreContext } from '../context.js';
import { DatabaseNotFoundError, InvalidRequestError, TableNotFoundError } from '../errors.js';
import { ROW_KEY_LEN, writeRowKey } from '../keys/row-key.js';
import { resolveOptions } from '../options/resolved-options.js';
import type { PendingSeries } from '../series/series-index.js';
import type { WriteRequest, WriteResult } from '../store.js';
import { txPutChunks } from './chunk-write.js';
import { evolveSchema, recordForWrite } from './evolve-schema.js';
import { changedSlots, txRewriteSlots } from './widen-column.js';
import { prepareRows, valueColumn, type PreparedRows } from './prepare-rows.js';

export interface TxWriteOutcome {
  readonly results: WriteResult[];
  /** The final catalog records of the tables this write created or changed. */
  readonly changed: TableRecord[];
  /** False when every table written has skip_wal (no need to wait for the disk flush). */
  readonly durable: boolean;
}

const writer = new ByteWriter(1 << 16);
const reader = new ByteReader();

/**
 * Runs inside one write transaction: validates every request (creating and evolving tables), then
 * stores the rows. Any error aborts the transaction, so nothing of the batch is written.
 */
export function txWrite(ctx: StoreContext, reqs: readonly WriteRequest[], pending: PendingSeries): TxWriteOutcome {
  const results: WriteResult[] = [];
  const changed = new Map<string, TableRecord>();
  let durable = false;
  for (const req of reqs) {
    if (!req || typeof req.db !== 'string' || typeof req.table !== 'string' || !Array.isArray(req.schema) || !Array.isArray(req.rows)) {
      throw new InvalidRequestError('a write request needs db, table, schema (array) and rows (array)');
    }
    const db = req.db;
    if (!ctx.catalog.txDb(db)) throw new DatabaseNotFoundError(db);
    let rec = ctx.catalog.txTable(db, req.table);
    if (!rec) {
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
      txRewriteSlots(ctx, before, t, changedSlots(before, t));
    }
    const rows = prepareRows(t, req);
    if (t.opts.appendMode) txPutChunks(ctx, t, rows, pending);
    else putRows(ctx, t, rows, pending);
    if (!t.opts.skipWal) durable = true;
    results.push({ db, table: req.table, affectedRows: rows.count });
  }
  return { results, changed: [...changed.values()], durable };
}

/**
 * The compiled state of a record: the committed one when the write did not change the table (the
 * common case), else compiled afresh.
 */
function compiled(ctx: StoreContext, rec: TableRecord): TableState {
  const cur = ctx.catalog.table(rec.db, rec.name);
  return cur !== undefined && cur.record.id === rec.id && cur.record.version === rec.version ? cur : compileTable(rec);
}

/** One reused key buffer: LMDB copies the key when the put runs (synchronously, inside the transaction). */
const key = Buffer.allocUnsafe(ROW_KEY_LEN);

/**
 * Tables without append_mode: one entry per row, so a later row with the same key replaces (or merges
 * into) it. `last_non_null` reads the stored row only when the new row leaves a slot null: a row that
 * sets every field replaces the old one whole, as the merge would.
 */
function putRows(ctx: StoreContext, t: TableState, rows: PreparedRows, pending: PendingSeries): void {
  const n = rows.count;
  if (n === 0) return;
  const { rows: rowsDb } = ctx.env;
  const mergeNonNull = t.opts.mergeMode === 'last_non_null';
  const slots = t.fieldTypes.length;
  const allSlots = t.fieldTypes.map(() => true);
  const old: (Value | undefined)[] = valueColumn(slots);
  const fields = valueColumn(slots);
  const tags = valueColumn(t.tags.length);
  for (let i = 0; i < n; i++) {
    for (let s = 0; s < tags.length; s++) tags[s] = rows.tags[s]![i]!;
    const seriesId = ctx.series.txResolve(t, tags, pending);
    writeRowKey(key, t.storageId, rows.ts[i]!, seriesId);
    let gaps = false;
    for (let s = 0; s < slots; s++) if ((fields[s] = rows.fields[s]![i]!) === null) gaps = true;
    if (mergeNonNull && gaps) {
      const prev = rowsDb.getBinary(key);
      if (prev !== undefined) {
        decodeRow(reader.reset(prev), t.fieldTypes, allSlots, old);
        for (let s = 0; s < slots; s++) if (fields[s] === null) fields[s] = old[s] ?? null;
      }
    }
    writer.reset();
    encodeRow(writer, t.fieldTypes, fields);
    rowsDb.putSync(key, writer.buf.subarray(0, writer.pos));
  }
}
