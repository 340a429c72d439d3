import type { StoreContext } from '../context.js';
import type { WriteRequest } from '../store.js';
import { preEncodeChunks, type EncodedChunk } from './chunk-write.js';
import { compileTable } from '../catalog/table-state.js';
import type { TableRecord } from '../catalog/table-record.js';
import { evolveSchema, recordForWrite } from './evolve-schema.js';
import { prepareRowsSliced, Slicer, type PreparedRows } from './prepare-rows.js';
import { encodeSeriesGroups, type EncodedSeriesChunk } from './series-chunk-write.js';

/**
 * The work of a write done before its transaction, against the committed table: rows validated and
 * normalised, chunks encoded, in slices that yield to the event loop (a 60k-row write must not hold
 * the main thread for a second). The transaction then only checks that the table is still the one
 * prepared against (same id and version, no schema change) and stores the encoded chunks; when it is
 * not (a concurrent ALTER, a write that adds columns or creates the table), it redoes the request
 * synchronously, so the outcome is exactly that of an unprepared write.
 */
export interface PreWrite {
  /** The table prepared against; 'new' when the write creates it (then `layout` must match). */
  readonly tableId: number | 'new';
  readonly layout?: string;
  readonly version: number;
  readonly rows: PreparedRows;
  /** Tables without append_mode: the encoded series chunks. */
  readonly series?: readonly EncodedSeriesChunk[];
  /** Append-mode tables: the encoded chunks, when every series already existed. */
  readonly chunks?: readonly EncodedChunk[];
}

/** Requests smaller than this are cheaper prepared inside the transaction (no yields). */
const PRE_MIN_ROWS = 4_096;

/** Prepares what can be prepared; throws the validation error of a bad row (the write then fails whole). */
export async function preWrite(ctx: StoreContext, reqs: readonly WriteRequest[]): Promise<(PreWrite | undefined)[]> {
  const slicer = new Slicer();
  const out: (PreWrite | undefined)[] = [];
  for (const req of reqs) out.push(await preOne(ctx, req, slicer));
  return out;
}

async function preOne(ctx: StoreContext, req: WriteRequest, slicer: Slicer): Promise<PreWrite | undefined> {
  // Encoded ahead (on a pipeline worker): nothing left to prepare, and `rows` may be a getter not to call.
  if (req?.encoded !== undefined) return undefined;
  if (!req || typeof req.db !== 'string' || typeof req.table !== 'string' || !Array.isArray(req.schema) || !Array.isArray(req.rows)) return undefined;
  if (req.rows.length < PRE_MIN_ROWS) return undefined;
  const existing = ctx.catalog.table(req.db, req.table);
  if (existing === undefined) return preNew(ctx, req, slicer);
  const t = existing;
  try {
    if (evolveSchema(t.record, req.schema, req.widenColumns === true) !== t.record) return undefined;
  } catch {
    // A schema conflict: the transaction reports it.
    return undefined;
  }
  const rows = await prepareRowsSliced(t, req, slicer);
  const base = { tableId: t.record.id, version: t.record.version, rows };
  if (t.opts.appendMode) {
    const chunks = await preEncodeChunks(ctx, t, rows, () => slicer.pause());
    return chunks === undefined ? base : { ...base, chunks };
  }
  const series: EncodedSeriesChunk[] = [];
  for (const step of encodeSeriesGroups(t, rows)) {
    for (const c of step) series.push(c);
    await slicer.pause();
  }
  return { ...base, series };
}

/**
 * A write that will create its table: prepared against the record the transaction will create (same
 * columns and options; only the ids differ). Series chunks do not hold ids, so they are encoded too;
 * append-mode chunks hold the table and series ids, so only the rows are prepared.
 */
async function preNew(ctx: StoreContext, req: WriteRequest, slicer: Slicer): Promise<PreWrite | undefined> {
  let t;
  try {
    const rec = recordForWrite(req.db, req.table, req.schema, req.options ?? {}, { id: 0, storageId: 0 }, 0);
    t = compileTable(rec);
  } catch {
    return undefined;
  }
  const rows = await prepareRowsSliced(t, req, slicer);
  const base = { tableId: 'new' as const, version: t.record.version, layout: layoutOf(t.record), rows };
  if (t.opts.appendMode) return base;
  const series: EncodedSeriesChunk[] = [];
  for (const step of encodeSeriesGroups(t, rows)) {
    for (const c of step) series.push(c);
    await slicer.pause();
  }
  return { ...base, series };
}

/** What preparing and encoding rows depend on: columns (types, slots, defaults), key, time index, options. */
export function layoutOf(rec: TableRecord): string {
  return JSON.stringify([rec.columns, rec.primaryKey, rec.timeIndex, rec.options]);
}
