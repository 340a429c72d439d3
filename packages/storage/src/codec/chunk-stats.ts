import type { ColumnType, Value } from '@sluice/pipeline-core';
import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { decodeValue, encodeValue } from './value-codec.js';

/**
 * A chunk's metadata, kept beside it (the value of its `chunk_ends` key, so a descending scan and a
 * count read it without the chunk body):
 *
 *   i64 minTs | varint tableId | varint count | varint slotCount | per slot: u8 kind | kind 1: varint nulls | min | max
 *                                                                   kind 2: varint nulls (no bounds)
 *
 * Bounds are kept for numbers, timestamps, booleans and strings up to MAX_BOUND_BYTES; they let a scan
 * skip a chunk whose range cannot satisfy a predicate, and answer min/max/count without decoding.
 */
export interface SlotStats {
  readonly nulls: number;
  /** Smallest and largest non-null value; absent when the column has none or is not ordered. */
  readonly min?: Value;
  readonly max?: Value;
}

export interface ChunkMeta {
  readonly minTs: bigint;
  /** The logical table (several share one physical table). */
  readonly tableId: number;
  readonly count: number;
  /** Per stored slot; slots past the end were absent from the chunk (the column default applies). */
  readonly slots: readonly SlotStats[];
  /** How many slots the chunk stores (slots may hold fewer when decoded with `upTo`). */
  readonly stored: number;
}

const MAX_BOUND_BYTES = 256;
const ORDERED = new Set<ColumnType>(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64', 'string', 'boolean']);

const hasBounds = (type: ColumnType) => ORDERED.has(type) || type.startsWith('timestamp');

/** Null count and bounds of a column; with `nulls` given, `col` holds only (distinct) non-null values. */
export function columnStats(type: ColumnType, col: readonly Value[], knownNulls?: number): SlotStats {
  const bounds = hasBounds(type);
  const typed = bounds ? typedStats(type, col, knownNulls) : undefined;
  return typed ?? anyStats(type, bounds, col, knownNulls);
}

/** columnStats over values of any kind (the comparisons below see strings, numbers and bigints alike). */
function anyStats(type: ColumnType, bounds: boolean, col: readonly Value[], knownNulls: number | undefined): SlotStats {
  let nulls = knownNulls ?? 0;
  let min: Value = null;
  let max: Value = null;
  for (const v of col) {
    if (v === null) {
      nulls++;
      continue;
    }
    if (!bounds) continue;
    // A NaN is greater than every number (the engine's order): bounds that skipped it would let a
    // `> x` predicate or max() from metadata miss it, so a chunk holding a NaN keeps no bounds.
    if (typeof v === 'number' && Number.isNaN(v)) return nullsOf(col, knownNulls);
    if (min === null || v < min) min = v;
    if (max === null || v > max) max = v;
  }
  return boundsOf(type, nulls, min, max);
}

/** The stats of a column with these bounds (none when a string bound is longer than MAX_BOUND_BYTES). */
function boundsOf(type: ColumnType, nulls: number, min: Value, max: Value): SlotStats {
  if (min === null || max === null) return { nulls };
  if (type === 'string' && ((min as string).length > MAX_BOUND_BYTES || (max as string).length > MAX_BOUND_BYTES)) return { nulls };
  return { nulls, min, max };
}

/**
 * columnStats of a column whose non-null values are all strings, or all numbers (no NaN): one loop per
 * kind, so each comparison compares one kind of value (the loop over any kind takes V8's generic
 * comparison: 3% of a pipeline worker's CPU on nginx lines). Two loops on purpose: one loop comparing
 * through a function per kind measured no gain (encode 1.01x of main's, against 0.95-0.96x). Undefined
 * for anything else (no value, mixed kinds, a NaN, bigints), which anyStats then handles.
 */
function typedStats(type: ColumnType, col: readonly Value[], knownNulls: number | undefined): SlotStats | undefined {
  let i = 0;
  while (i < col.length && col[i] === null) i++;
  if (i === col.length) return undefined;
  const kind = typeof col[i];
  if (kind === 'string' && type === 'string') return stringStats(type, col, knownNulls ?? 0);
  if (kind === 'number') return numberStats(type, col, knownNulls ?? 0);
  return undefined;
}

function stringStats(type: ColumnType, col: readonly Value[], nulls: number): SlotStats | undefined {
  let min = '';
  let max = '';
  let any = false;
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === null) nulls++;
    else if (typeof v !== 'string') return undefined;
    else if (!any) {
      min = max = v;
      any = true;
    } else if (v < min) min = v;
    else if (v > max) max = v;
  }
  return boundsOf(type, nulls, min, max);
}

function numberStats(type: ColumnType, col: readonly Value[], nulls: number): SlotStats | undefined {
  let min = 0;
  let max = 0;
  let any = false;
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === null) nulls++;
    else if (typeof v !== 'number' || v !== v) return undefined;
    else if (!any) {
      min = max = v;
      any = true;
    } else if (v < min) min = v;
    else if (v > max) max = v;
  }
  return boundsOf(type, nulls, min, max);
}

function nullsOf(col: readonly Value[], knownNulls: number | undefined): SlotStats {
  let nulls = knownNulls ?? 0;
  for (const v of col) if (v === null) nulls++;
  return { nulls };
}

const metaWriter = new ByteWriter(256);

export function encodeChunkMeta(types: readonly ColumnType[], minTs: bigint, tableId: number, count: number, stats: readonly SlotStats[]): Buffer {
  const w = metaWriter;
  w.reset();
  w.ensure(8);
  w.buf.writeBigInt64BE(minTs, 0);
  w.pos = 8;
  w.varint(tableId);
  w.varint(count);
  w.varint(stats.length);
  stats.forEach((s, i) => {
    if (s.min === undefined || s.max === undefined || s.min === null || s.max === null) {
      w.u8(2);
      w.varint(s.nulls);
      return;
    }
    w.u8(1);
    w.varint(s.nulls);
    encodeValue(w, types[i]!, s.min);
    encodeValue(w, types[i]!, s.max);
  });
  return Buffer.from(w.buf.subarray(0, w.pos));
}

/** The first time only (what a descending scan needs), without decoding the rest. */
export function metaMinTs(buf: Buffer): bigint {
  return buf.readBigInt64BE(0);
}

/** The logical table id and row count at the start of a chunk's metadata (after its 8-byte min time). */
function metaHead(buf: Uint8Array): { tableId: number; rows: number } {
  let pos = 8;
  const varint = () => {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = buf[pos++]!;
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 0x80;
    }
  };
  const tableId = varint();
  return { tableId, rows: varint() };
}

const TABLE_ROWS_SCALE = 2 ** 32;

/**
 * A chunk's logical table id and row count as one number, table id × 2^32 + rows (NaN past what a double
 * holds exactly): the value decoder of `StoreEnv.chunkTableRows`, which reads the metadata where LMDB
 * keeps it instead of copying it into a Buffer first (count(*) over 1,000 chunks: 0.5–0.7 ms against
 * 3.3–3.6 ms copying, in-process).
 */
export function metaTableRows(buf: Uint8Array): number {
  const { tableId, rows } = metaHead(buf);
  return rows < TABLE_ROWS_SCALE && tableId < 2 ** 21 ? tableId * TABLE_ROWS_SCALE + rows : NaN;
}

/** The rows of a `metaTableRows` value when its table is `tableId`, −1 for another table, NaN when it held no exact value. */
export function tableRowsOf(v: number, tableId: number): number {
  if (Number.isNaN(v)) return NaN;
  const rows = v % TABLE_ROWS_SCALE;
  return (v - rows) / TABLE_ROWS_SCALE === tableId ? rows : -1;
}

/** Decodes a chunk's metadata; with `upTo`, slot statistics past that many slots are not read. */
export function decodeChunkMeta(types: readonly ColumnType[], buf: Buffer, upTo = Infinity): ChunkMeta {
  const r = new ByteReader().reset(buf, 8);
  const tableId = r.varint();
  const count = r.varint();
  const stored = r.varint();
  const n = Math.min(stored, upTo);
  const slots: SlotStats[] = [];
  for (let i = 0; i < n; i++) {
    const kind = r.u8();
    const nulls = r.varint();
    if (kind === 1) {
      const min = decodeValue(r, types[i]!);
      const max = decodeValue(r, types[i]!);
      slots.push({ nulls, min, max });
    } else slots.push({ nulls });
  }
  return { minTs: metaMinTs(buf), tableId, count, slots, stored };
}
