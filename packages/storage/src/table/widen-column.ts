import { isIntegerType, type ColumnType, type Value } from '@sluice/pipeline-core';
import { ByteReader } from '../codec/byte-reader.js';
import { ByteWriter } from '../codec/byte-writer.js';
import { ChunkView } from '../codec/chunk-codec.js';
import { SeriesChunkView } from '../codec/series-chunk-codec.js';
import { seriesEnd, seriesStart } from '../keys/series-chunk-key.js';
import { txRewriteChunk } from './delete-rows.js';
import { withSlots, type TableRecord } from '../catalog/table-record.js';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import { chunkKeySeq } from '../keys/chunk-key.js';
import { tableEnd, tableStart } from '../keys/row-key.js';
import { displayType } from '../schema/normalize-value.js';
import { txStoreChunk, type ChunkInput } from './chunk-write.js';
import { txFoldHead } from './series-head-fold.js';
import { boxedArray, valueColumn } from './prepare-rows.js';
import { castStored, castsTo } from '../schema/cast-stored.js';
import { columnFromRecord, columnToRecord } from '../catalog/table-record.js';

/**
 * Widening a field column's type: integers (Int8 … UInt64) and Float32 widen to Float64, as
 * GreptimeDB widens OTLP attribute columns. Int64 values beyond 2^53 round to the nearest double.
 * The stored values are rewritten in the transaction that changes the type, so a reader sees either
 * the old type and values or the new ones, never a mix.
 */
export function widensTo(from: ColumnType, to: ColumnType): boolean {
  return to === 'float64' && (isIntegerType(from) || from === 'float32');
}

/** The record with field column `name` widened to `to` (same slot, version + 1); errors name the column and both types. */
export function widenRecord(rec: TableRecord, name: string, to: ColumnType): TableRecord {
  const table = `${rec.db}.${rec.name}`;
  const col = rec.columns.find((c) => !c.dropped && c.name === name);
  if (!col) throw new ColumnNotFoundError(table, name);
  if (col.type === to) return rec;
  if (name === rec.timeIndex || rec.primaryKey.includes(name)) {
    throw new InvalidRequestError(`table ${table}: column '${name}' is ${name === rec.timeIndex ? 'the time index' : 'a tag'}; only field columns can change type`);
  }
  if (!widensTo(col.type, to)) {
    throw new InvalidRequestError(`table ${table}: column '${name}' cannot change type from ${displayType(col.type)} to ${displayType(to)} (integers and Float32 widen to Float64)`);
  }
  const base = withSlots(rec);
  return { ...base, version: rec.version + 1, columns: base.columns.map((c) => (c.name === name && !c.dropped ? { ...c, type: to } : c)) };
}

/**
 * The record with field column `name` changed to type `to` (SQL `MODIFY COLUMN c <type>`): numbers,
 * booleans and strings convert among each other (schema/cast-stored.ts); the default converts too;
 * a refining SQL type (`DATE`, `VECTOR(3)`) is dropped. The column must be nullable (values that do not
 * convert become null). Same slot, version + 1; the stored values are rewritten by txRewriteSlots.
 */
export function retypeRecord(rec: TableRecord, name: string, to: ColumnType): TableRecord {
  const table = `${rec.db}.${rec.name}`;
  const col = rec.columns.find((c) => !c.dropped && c.name === name);
  if (!col) throw new ColumnNotFoundError(table, name);
  if (col.type === to && col.sqlType === undefined) return rec;
  if (name === rec.timeIndex || rec.primaryKey.includes(name)) {
    throw new InvalidRequestError(`table ${table}: column '${name}' is ${name === rec.timeIndex ? 'the time index' : 'a tag'}; only field columns can change type`);
  }
  if (!col.nullable) throw new InvalidRequestError(`Invalid alter table(${rec.name}) request: column '${name}' must be nullable to ensure safe conversion.`);
  if (!castsTo(col.type, to) || col.sqlType !== undefined) {
    throw new InvalidRequestError(`Invalid alter table(${rec.name}) request: column '${name}' cannot be cast automatically to type '${displayType(to)}'`);
  }
  const def = columnFromRecord(col);
  const { sqlType: _sqlType, default: dflt, ...rest } = def;
  const converted = dflt === undefined ? undefined : castStored(col.type, to, dflt);
  const next = columnToRecord({ ...rest, type: to, ...(converted !== undefined && converted !== null ? { default: converted } : {}) });
  const base = withSlots(rec);
  return { ...base, version: rec.version + 1, columns: base.columns.map((c) => (c.name === name && !c.dropped ? { ...next, ...(c.slot !== undefined ? { slot: c.slot } : {}) } : c)) };
}

/** Field slots whose type differs between two states of one table. */
export function changedSlots(before: TableState, after: TableState): number[] {
  const out: number[] = [];
  for (let s = 0; s < before.fieldTypes.length; s++) if (before.fieldTypes[s] !== after.fieldTypes[s]) out.push(s);
  return out;
}

const REWRITE_BATCH = 4096;
const reader = new ByteReader();
const writer = new ByteWriter(1 << 12);

/** The converter of one slot from `before`'s type to `after`'s. */
const converter = (before: TableState, after: TableState, s: number) => (v: Value): Value => castStored(before.fieldTypes[s]!, after.fieldTypes[s]!, v);

/**
 * Inside a write transaction: re-encodes the stored values of `slots` from `before`'s types to
 * `after`'s (schema/cast-stored.ts: integers become doubles, numbers strings, ...). Rows (or chunks) are collected a batch at a time and written
 * after the range read, so the cursor never walks a range it is changing.
 */
export function txRewriteSlots(ctx: StoreContext, before: TableState, after: TableState, slots: readonly number[]): void {
  if (slots.length === 0) return;
  if (before.opts.appendMode) rewriteChunks(ctx, before, after, slots);
  else {
    txFoldHead(ctx, before.storageId);
    rewriteRows(ctx, before, after, slots);
  }
}

function rewriteRows(ctx: StoreContext, before: TableState, after: TableState, slots: readonly number[]): void {
  const db = ctx.env.seriesChunks;
  for (const sid of ctx.series.tableSeries(before, Number.MAX_SAFE_INTEGER) ?? []) {
    // Collected first, so the cursor never walks a range it is changing.
    const batch: [Buffer, SeriesChunkView][] = [];
    for (const { key, value } of db.getRange({ start: seriesStart(before.storageId, sid), end: seriesEnd(before.storageId, sid) })) {
      const view = new SeriesChunkView(value as Buffer);
      if (slots.some((s) => s < view.slots)) batch.push([Buffer.from(key as Buffer), view]);
    }
    for (const [key, view] of batch) {
      const all = Array.from({ length: view.count }, (_, i) => i);
      txRewriteChunk(ctx, before, after, key, view, all, (s) => (slots.includes(s) ? converter(before, after, s) : undefined));
    }
  }
}

function rewriteChunks(ctx: StoreContext, before: TableState, after: TableState, slots: readonly number[]): void {
  const end = tableEnd(before.storageId);
  let from: Buffer | undefined = tableStart(before.storageId);
  while (from !== undefined) {
    const batch: { input: ChunkInput; seq: number }[] = [];
    let next: Buffer | undefined;
    for (const { key, value } of ctx.env.chunks.getRange({ start: from, end })) {
      if (batch.length === REWRITE_BATCH / 64) {
        next = Buffer.from(key as Buffer);
        break;
      }
      const view = new ChunkView(value as Buffer);
      if (view.tableId !== before.record.id || !slots.some((s) => view.hasSlot(s))) continue;
      const fields = before.fieldTypes.map((type, s) => {
        const col = view.field(s, type);
        if (col === undefined) return valueColumn(view.count);
        if (!slots.includes(s)) return col;
        const out = boxedArray();
        const f = converter(before, after, s);
        for (const v of col) out.push(v === undefined ? v : f(v));
        return out;
      });
      batch.push({ input: { ts: view.ts().slice(), series: Array.from(view.series()), fields }, seq: chunkKeySeq(key as Buffer) });
    }
    // Same first and last time and sequence: the chunk's two keys are overwritten in place.
    for (const { input, seq } of batch) txStoreChunk(ctx, after, input, seq);
    from = next;
  }
}
