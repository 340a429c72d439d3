import type { Value } from '@sluice/pipeline-core';
import { ByteReader } from '../codec/byte-reader.js';
import { ByteWriter } from '../codec/byte-writer.js';
import { decodeRow, encodeRow } from '../codec/row-codec.js';
import { compileTable, type TableState } from '../catalog/table-state.js';
import type { TableRecord } from '../catalog/table-record.js';
import type { StoreContext } from '../context.js';
import { DatabaseNotFoundError, InvalidRequestError, TableNotFoundError } from '../errors.js';
import { rowKey } from '../keys/row-key.js';
import { resolveOptions } from '../options/resolved-options.js';
import type { PendingSeries } from '../series/series-index.js';
import type { WriteRequest, WriteResult } from '../store.js';
import { txPutChunks } from './chunk-write.js';
import { evolveSchema, recordForWrite } from './evolve-schema.js';
import { prepareRows, type PreparedRow } from './prepare-rows.js';

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
    const evolved = evolveSchema(rec, req.schema);
    if (evolved !== rec) {
      ctx.catalog.txPutTable(evolved);
      changed.set(`${db}\u0000${req.table}`, evolved);
    }
    const t = compileTable(evolved);
    const rows = prepareRows(t, req);
    if (t.opts.appendMode) txPutChunks(ctx, t, rows, pending);
    else putRows(ctx, t, rows, pending);
    if (!t.opts.skipWal) durable = true;
    results.push({ db, table: req.table, affectedRows: rows.length });
  }
  return { results, changed: [...changed.values()], durable };
}

/** Tables without append_mode: one entry per row, so a later row with the same key replaces (or merges into) it. */
function putRows(ctx: StoreContext, t: TableState, rows: readonly PreparedRow[], pending: PendingSeries): void {
  if (rows.length === 0) return;
  const { rows: rowsDb } = ctx.env;
  const mergeNonNull = t.opts.mergeMode === 'last_non_null';
  const allSlots = t.fieldTypes.map(() => true);
  const old: (Value | undefined)[] = new Array(t.fieldTypes.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const seriesId = ctx.series.txResolve(t, row.tags, pending);
    const key = rowKey(t.storageId, row.ts, seriesId);
    let fields = row.fields;
    if (mergeNonNull) {
      const prev = rowsDb.getBinary(key);
      if (prev !== undefined) {
        decodeRow(reader.reset(prev), t.fieldTypes, allSlots, old);
        fields = fields.map((v, s) => (v === null ? (old[s] ?? null) : v));
      }
    }
    writer.reset();
    encodeRow(writer, t.fieldTypes, fields);
    rowsDb.putSync(key, writer.buf.subarray(0, writer.pos));
  }
}
