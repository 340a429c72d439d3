import type { ColumnType, Value } from '@sluice/pipeline-core';
import { CODEC_LZ4, CODEC_NONE, readBlock, skipBlock, writeBlock } from './block.js';
import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { columnStats, type SlotStats } from './chunk-stats.js';
import { decodeBoxed, decodeCodes } from './chunk-decode.js';
import { noRows, setRow, type RowBits } from './row-bits.js';
import { textMask, textTest, type TextOp } from './text-search.js';
import { readTextIndexes, type TextIndex } from './text-index.js';
import { decodeValue, encodeValue, skipValue } from './value-codec.js';
import { decodeFloatBlock, type DecodedFloats } from './wasm-kernels.js';

/**
 * A column chunk (format 3): the rows of one write for one logical table, sorted by time.
 *
 *   u32 tableId | u8 format (3) | varint count | i64 minTs | i64 maxTs | varint slotCount
 *   block: time     varint per row: ts[i] − ts[i−1] (0 for the first; sorted, so never negative)
 *   block: series   u8 mode | mode 0: varint per row
 *                             mode 1: varint base | u8 width (1, 2 or 4) | per row id − base, width bytes LE
 *                   (format 2, still read: varint per row, no mode byte)
 *   per field slot, a block: null bitmap (1 bit per row) | the non-null values
 *     string slots: ... | null bitmap | u8 mode | mode 0: the values
 *                                               mode 1: varint n | n distinct values | varint index per value
 *     float64 slots: the values' 8 bytes transposed into 8 planes (byte k of every value, then k+1 ...)
 *
 * Each block is LZ4-compressed when that pays (codec/block.ts) and carries its stored length, so a reader
 * skips the columns it does not need without decompressing them. Times as first differences and floats
 * as byte planes turn regular data into runs that LZ4 compresses well; strings with few distinct values
 * (levels, methods, paths) are dictionary-encoded and decoded once per chunk.
 */
export const CHUNK_FORMAT = 3;
/** The previous format: the same but for the series block (varints without a mode byte). */
const CHUNK_FORMAT_2 = 2;

export interface ChunkRows {
  readonly tableId: number;
  /** Times in the column's unit, ascending. */
  readonly ts: readonly bigint[];
  readonly series: readonly number[];
  /** fields[slot][row] */
  readonly fields: readonly (readonly Value[])[];
}

const section = new ByteWriter(1 << 16);

/** Encodes a chunk; returns the statistics of its stored slots (for the chunk's metadata). */
export function encodeChunk(w: ByteWriter, types: readonly ColumnType[], c: ChunkRows): SlotStats[] {
  encodeChunkHead(w, c.tableId, c.ts, c.fields);
  encodeSeriesBlock(w, c.series, 0, c.series.length);
  return encodeFieldBlocks(w, types, c.fields, c.ts.length);
}

/** Stored field slots: trailing slots with no value in the chunk are not written (the column default applies). */
function storedSlots(fields: readonly (readonly Value[])[]): number {
  let slots = fields.length;
  while (slots > 0 && fields[slots - 1]!.every((v) => v === null)) slots--;
  return slots;
}

/**
 * The part of a chunk before its series block: header and time block (times ascending, in the column's
 * unit). With the series block and the field blocks after it, the parts make the chunk `encodeChunk`
 * writes; the split lets a chunk be encoded where the series ids are not known yet (a pipeline worker).
 */
export function encodeChunkHead(w: ByteWriter, tableId: number, ts: ArrayLike<bigint>, fields: readonly (readonly Value[])[]): void {
  const n = ts.length;
  w.ensure(5);
  w.buf.writeUInt32LE(tableId, w.pos);
  w.pos += 4;
  w.u8(CHUNK_FORMAT);
  w.varint(n);
  const min = ts[0]!;
  w.i64(min);
  w.i64(ts[n - 1]!);
  w.varint(storedSlots(fields));
  section.reset();
  let prev = min;
  for (let i = 0; i < n; i++) {
    const t = ts[i]!;
    section.varint(Number(t - prev));
    prev = t;
  }
  writeBlock(w, section.buf.subarray(0, section.pos));
}

/**
 * The series block of a chunk: the ids of rows [from, to), as fixed-width offsets from the smallest id
 * (decoded without a branch per row) unless that takes over a quarter more bytes than varints.
 */
export function encodeSeriesBlock(w: ByteWriter, series: ArrayLike<number>, from: number, to: number): void {
  section.reset();
  let lo = Infinity, hi = -Infinity, varintBytes = 0;
  for (let i = from; i < to; i++) {
    const v = series[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    varintBytes += varintLength(v);
  }
  const n = to - from;
  const range = n === 0 ? 0 : hi - lo;
  const width = range < 0x100 ? 1 : range < 0x10000 ? 2 : 4;
  if (n > 0 && 2 + varintLength(lo) + n * width <= varintBytes + (varintBytes >> 2)) {
    section.u8(SERIES_FIXED);
    section.varint(lo);
    section.u8(width);
    section.ensure(n * width);
    const buf = section.buf;
    let p = section.pos;
    if (width === 1) for (let i = from; i < to; i++) buf[p++] = series[i]! - lo;
    else if (width === 2) for (let i = from; i < to; i++, p += 2) buf.writeUInt16LE(series[i]! - lo, p);
    else for (let i = from; i < to; i++, p += 4) buf.writeUInt32LE(series[i]! - lo, p);
    section.pos = p;
  } else {
    section.u8(SERIES_VARINT);
    for (let i = from; i < to; i++) section.varint(series[i]!);
  }
  writeBlock(w, section.buf.subarray(0, section.pos));
}

/** Series block modes (format 3). */
const SERIES_VARINT = 0;
const SERIES_FIXED = 1;

const varintLength = (v: number) => (v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5);

/** The field blocks of a chunk of `n` rows; returns the statistics of its stored slots. */
export function encodeFieldBlocks(w: ByteWriter, types: readonly ColumnType[], fields: readonly (readonly Value[])[], n: number): SlotStats[] {
  const slots = storedSlots(fields);
  const bitmapLen = (n + 7) >> 3;
  const stats: SlotStats[] = [];
  for (let s = 0; s < slots; s++) {
    const col = fields[s]!;
    const type = types[s]!;
    section.reset();
    section.ensure(bitmapLen);
    section.buf.fill(0, 0, bitmapLen);
    section.pos = bitmapLen;
    let nulls = 0;
    for (let i = 0; i < n; i++) {
      if (col[i] !== null) section.buf[i >> 3]! |= 1 << (i & 7);
      else nulls++;
    }
    const dict = type === 'string' ? dictionaryOf(col, nulls) : undefined;
    // A dictionary holds every distinct value: the bounds are found among those.
    stats.push(dict ? columnStats(type, dict, nulls) : columnStats(type, col));
    if (type === 'float64') encodeFloatPlanes(section, col);
    else {
      if (type === 'string') section.u8(dict ? 1 : 0);
      if (dict) {
        section.varint(dict.length);
        for (const v of dict) section.string(v);
        writeCodes(section, col, n);
      } else {
        for (let i = 0; i < n; i++) if (col[i] !== null) encodeValue(section, type, col[i]!);
      }
    }
    writeBlock(w, section.buf.subarray(0, section.pos));
  }
  return stats;
}

/** The non-null values of a float64 column as their 8 bytes transposed into byte planes (NaN payloads kept). */
function encodeFloatPlanes(w: ByteWriter, col: readonly Value[]): void {
  let m = 0;
  for (let i = 0; i < col.length; i++) if (col[i] !== null) m++;
  if (planeScratch.length < m) planeScratch = new Float64Array(Math.max(m, planeScratch.length * 2));
  const f = planeScratch;
  for (let i = 0, j = 0; i < col.length; i++) {
    const v = col[i]!;
    if (v !== null) f[j++] = v as number;
  }
  const raw = new Uint8Array(f.buffer, 0, m * 8);
  w.ensure(m * 8);
  const buf = w.buf;
  for (let k = 0; k < 8; k++) {
    const at = w.pos + k * m;
    for (let i = 0; i < m; i++) buf[at + i] = raw[i * 8 + k]!;
  }
  w.pos += m * 8;
}

let planeScratch = new Float64Array(1024);

/**
 * Distinct values of a string column, in order of first appearance, when there are few enough for a
 * dictionary to pay off (at most a quarter of the present values); gives up as soon as there are too
 * many. Each present value's code is left in `codeScratch` (writeCodes writes them). Up to SCAN_KEYS
 * distinct values are found by comparing with each (a fresh slice of a line has no hash yet, and
 * hashing it costs more than a few comparisons, most of which stop at the length); past that, in an
 * open-addressing table of codes (`slotScratch`) under a hash of the characters (a Map measured 2.5x
 * slower on a column of unique addresses, which fills a quarter of a chunk before giving up).
 */
function dictionaryOf(col: readonly Value[], nulls: number): string[] | undefined {
  const keys: string[] = [];
  const most = (col.length - nulls) >> 2;
  if (codeScratch.length < col.length) codeScratch = new Int32Array(Math.max(col.length, codeScratch.length * 2));
  const codes = codeScratch;
  let i = 0;
  scan: for (; i < col.length; i++) {
    const v = col[i] as string | null;
    if (v === null) continue;
    for (let k = 0; k < keys.length; k++) {
      if (keys[k] === v) {
        codes[i] = k;
        continue scan;
      }
    }
    if (keys.length === most) return undefined;
    if (keys.length === SCAN_KEYS) break;
    codes[i] = keys.length;
    keys.push(v);
  }
  if (i === col.length) return keys;
  // At most `most` keys in a table at least twice that size: a probe always ends at an empty slot.
  let size = 64;
  while (size < 2 * most) size *= 2;
  if (slotScratch.length < size) slotScratch = new Int32Array(size);
  const slots = slotScratch;
  const mask = size - 1;
  slots.fill(-1, 0, size);
  for (let k = 0; k < keys.length; k++) {
    let at = stringHash(keys[k]!) & mask;
    while (slots[at]! >= 0) at = (at + 1) & mask;
    slots[at] = k;
  }
  for (; i < col.length; i++) {
    const v = col[i] as string | null;
    if (v === null) continue;
    let at = stringHash(v) & mask;
    let code: number;
    for (;;) {
      code = slots[at]!;
      if (code < 0 || keys[code] === v) break;
      at = (at + 1) & mask;
    }
    if (code < 0) {
      if (keys.length === most) return undefined;
      code = keys.length;
      slots[at] = code;
      keys.push(v);
    }
    codes[i] = code;
  }
  return keys;
}

/** How many distinct values dictionaryOf finds by comparison before it switches to its hash table. */
const SCAN_KEYS = 8;

/** dictionaryOf's hash table (codes, -1 empty), reused. */
let slotScratch = new Int32Array(2048);

/**
 * A 32-bit hash of a string's length and characters (of a long string, its first and last 32: equal
 * strings always hash alike, and a collision only costs a comparison).
 */
function stringHash(s: string): number {
  const n = s.length;
  let h = Math.imul(n, 0x9e3779b1);
  if (n <= 64) for (let c = 0; c < n; c++) h = Math.imul(h ^ s.charCodeAt(c), 0x9e3779b1);
  else {
    for (let c = 0; c < 32; c++) h = Math.imul(h ^ s.charCodeAt(c), 0x9e3779b1);
    for (let c = n - 32; c < n; c++) h = Math.imul(h ^ s.charCodeAt(c), 0x9e3779b1);
  }
  return h ^ (h >>> 15);
}

/** Each present value's dictionary code (from dictionaryOf) of rows [0, n), as varints. */
function writeCodes(w: ByteWriter, col: readonly Value[], n: number): void {
  w.ensure(n * 5);
  const buf = w.buf;
  const codes = codeScratch;
  let p = w.pos;
  for (let i = 0; i < n; i++) {
    if (col[i] === null) continue;
    let v = codes[i]!;
    while (v >= 0x80) {
      buf[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    buf[p++] = v;
  }
  w.pos = p;
}

/** Dictionary codes of the column being encoded (dictionaryOf), reused. */
let codeScratch = new Int32Array(4096);

/**
 * One decoded field slot in typed form: float64 slots as a Float64Array, dictionary strings as codes
 * into `dict`, anything else as boxed values. `valid` is the null bitmap (bit i set: row i has a value).
 */
export type TypedSlot =
  | { readonly kind: 'f64'; readonly values: Float64Array; readonly valid: Uint8Array }
  | { readonly kind: 'dict'; readonly codes: Int32Array; readonly dict: readonly string[]; readonly valid: Uint8Array }
  | { readonly kind: 'boxed'; readonly values: Value[] };


/** A chunk read lazily: the header at once, the time, series and field columns on demand. */
export class ChunkView {
  readonly tableId: number;
  readonly count: number;
  readonly minTs: bigint;
  readonly maxTs: bigint;
  private readonly format: number;
  private readonly slots: number;
  /** Where each block starts: [time, series, slot 0, slot 1, ...], filled as blocks are found. */
  private readonly blockAt: number[];
  private tsCache: bigint[] | undefined;
  private deltaCache: Float64Array | undefined;
  /** minTs as a number when every time of the chunk is a safe integer. */
  private readonly minSafe: number | undefined;
  private seriesCache: Uint32Array | undefined;
  private readonly typedCache = new Map<number, TypedSlot>();
  private readonly textCache = new Map<number, { body: Buffer; text: string }>();
  private indexes: Map<number, TextIndex> | undefined;

  constructor(private readonly buf: Buffer) {
    this.tableId = buf.readUInt32LE(0);
    const format = buf[4]!;
    if (format !== CHUNK_FORMAT && format !== CHUNK_FORMAT_2) throw new Error(`chunk format ${format} is not readable by this version (expected ${CHUNK_FORMAT_2} or ${CHUNK_FORMAT})`);
    this.format = format;
    const r = new ByteReader().reset(buf, 5);
    this.count = r.varint();
    this.minTs = r.i64();
    this.maxTs = r.i64();
    this.slots = r.varint();
    this.blockAt = [r.pos];
    this.minSafe = this.minTs >= BigInt(Number.MIN_SAFE_INTEGER) && this.maxTs <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(this.minTs) : undefined;
  }

  /** Each row's time as an offset from minTs (exact: a chunk spans at most a minute of nanoseconds). */
  deltas(): Float64Array {
    if (this.deltaCache) return this.deltaCache;
    const r = new ByteReader().reset(readBlock(new ByteReader().reset(this.buf, this.blockStart(0))));
    const out = new Float64Array(this.count);
    let acc = 0;
    for (let i = 0; i < this.count; i++) out[i] = acc += r.varint();
    return (this.deltaCache = out);
  }

  /** One row's time. */
  tsAt(i: number): bigint {
    const d = this.deltas()[i]!;
    return this.minSafe !== undefined ? BigInt(this.minSafe + d) : this.minTs + BigInt(d);
  }

  ts(): bigint[] {
    if (this.tsCache) return this.tsCache;
    const out: bigint[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.tsAt(i);
    return (this.tsCache = out);
  }

  /**
   * Each row's series id. With `into` (a reused array at least `count` long) the ids are decoded there
   * and not cached (unless they already were): for one pass over the chunk.
   */
  series(into?: Uint32Array): Uint32Array {
    if (this.seriesCache) return this.seriesCache;
    // An uncompressed block (the usual case: ids do not compress) is read in place, not copied.
    const r = READER.reset(this.buf, this.blockStart(1));
    const codec = r.u8();
    const len = r.varint();
    const body: Uint8Array = codec === CODEC_NONE ? this.buf : readBlock(r.reset(this.buf, this.blockAt[1]!));
    let p = codec === CODEC_NONE ? r.pos : 0;
    const end = p + (codec === CODEC_NONE ? len : body.length);
    const out = into !== undefined && into.length >= this.count ? into : new Uint32Array(this.count);
    const n = this.count;
    if (this.format !== CHUNK_FORMAT_2 && body[p++] === SERIES_FIXED) {
      let base = 0;
      for (let mul = 1, b = 0x80; b >= 0x80; mul *= 0x80) base += ((b = body[p++]!) & 0x7f) * mul;
      const width = body[p++]!;
      if (p + n * width > end) throw new Error('chunk series block is shorter than its rows');
      if (width === 1) for (let i = 0; i < n; i++) out[i] = base + body[p + i]!;
      else if (width === 2) for (let i = 0; i < n; i++, p += 2) out[i] = base + (body[p]! | (body[p + 1]! << 8));
      else for (let i = 0; i < n; i++, p += 4) out[i] = base + ((body[p]! | (body[p + 1]! << 8) | (body[p + 2]! << 16)) + body[p + 3]! * 0x1000000);
      return out === into ? out : (this.seriesCache = out);
    }
    // Varints read inline (ids below 128 in one step).
    for (let i = 0; i < n; i++) {
      let b = body[p++]!;
      let v = b & 0x7f;
      for (let mul = 0x80; b >= 0x80; mul *= 0x80) {
        b = body[p++]!;
        v += (b & 0x7f) * mul;
      }
      out[i] = v;
    }
    return out === into ? out : (this.seriesCache = out);
  }

  /**
   * The series ids where they are stored as fixed-width offsets in an uncompressed block (format 3, the
   * usual case): row i's id is `base` + the `width`-byte little-endian number at `at + i * width` of
   * `bytes` (the chunk's own buffer). Undefined when they are stored otherwise (read them with series()).
   */
  seriesInPlace(): { bytes: Uint8Array; at: number; base: number; width: number } | undefined {
    if (this.format === CHUNK_FORMAT_2) return undefined;
    const r = READER.reset(this.buf, this.blockStart(1));
    if (r.u8() !== CODEC_NONE) return undefined;
    const end = r.varint() + r.pos;
    if (r.u8() !== SERIES_FIXED) return undefined;
    const base = r.varint();
    const width = r.u8();
    if (r.pos + this.count * width > end) throw new Error('chunk series block is shorter than its rows');
    return { bytes: this.buf, at: r.pos, base, width };
  }

  /** Whether the chunk stores the slot (chunks written before a column was added, or whose values were all null, do not). */
  hasSlot(slot: number): boolean {
    return slot < this.slots;
  }

  /** A field slot in typed form (see TypedSlot); `undefined` when the chunk predates the slot. */
  typed(slot: number, type: ColumnType): TypedSlot | undefined {
    if (slot >= this.slots) return undefined;
    let t = this.typedCache.get(slot);
    if (t !== undefined) return t;
    const n = this.count;
    if (type === 'float64') {
      t = { kind: 'f64', ...rowFloats(this.floatBlock(slot), n) };
      this.typedCache.set(slot, t);
      return t;
    }
    const body = readBlock(new ByteReader().reset(this.buf, this.blockStart(slot + 2)));
    const bitmapLen = (n + 7) >> 3;
    const valid = body.subarray(0, bitmapLen);
    const r = new ByteReader().reset(body, bitmapLen);
    if (type === 'string' && r.u8() === 1) {
      const dict: string[] = new Array(r.varint());
      for (let k = 0; k < dict.length; k++) dict[k] = r.string();
      t = { kind: 'dict', codes: decodeCodes(r, valid, n), dict, valid };
    } else t = { kind: 'boxed', values: decodeBoxed(r, type, valid, n) };
    this.typedCache.set(slot, t);
    return t;
  }

  /**
   * A float64 slot's present values in row order and its null bitmap (`valid`), both views on the decoder's
   * memory (codec/wasm-kernels.ts) valid until the next presentFloats call or typed float64 decode: one pass
   * over many chunks allocates nothing per chunk. Undefined when the chunk predates the slot.
   */
  presentFloats(slot: number): { values: Float64Array; valid: Uint8Array; present: number } | undefined {
    if (slot >= this.slots) return undefined;
    const { values, valid } = this.floatBlock(slot);
    return { values, valid, present: values.length };
  }

  /** A float64 slot's block decoded (views on the decoder's memory, see presentFloats). */
  private floatBlock(slot: number): DecodedFloats {
    const r = READER.reset(this.buf, this.blockStart(slot + 2));
    const codec = r.u8();
    const len = r.varint();
    if (codec !== CODEC_LZ4 && codec !== CODEC_NONE) throw new Error(`unknown chunk codec ${codec}`);
    return decodeFloatBlock(this.buf.subarray(r.pos, r.pos + len), codec === CODEC_LZ4, this.count);
  }

  /**
   * Values of one field slot, indexed by row; `undefined` when the chunk predates the slot. With `rows`
   * (ascending indices) only those rows need to be set (others may be left unread).
   */
  field(slot: number, type: ColumnType, rows?: readonly number[]): Value[] | undefined {
    if (slot >= this.slots) return undefined;
    if (rows !== undefined && rows.length < this.count >> 3 && type !== 'float64' && !this.typedCache.has(slot)) return this.fieldRows(slot, type, rows);
    const t = this.typed(slot, type)!;
    if (t.kind === 'boxed') return t.values;
    // Boxed on purpose: a packed double array would rewrite NaN payloads (staleness markers).
    const out: Value[] = new Array(this.count).fill(null);
    const { valid } = t;
    if (t.kind === 'f64') for (let i = 0; i < this.count; i++) out[i] = (valid[i >> 3]! & (1 << (i & 7))) !== 0 ? t.values[i]! : null;
    else for (let i = 0; i < this.count; i++) out[i] = t.codes[i]! < 0 ? null : t.dict[t.codes[i]!]!;
    return out;
  }

  /** Decodes only the given rows of a non-dictionary slot, skipping the others unread. */
  private fieldRows(slot: number, type: ColumnType, rows: readonly number[]): Value[] {
    const body = readBlock(new ByteReader().reset(this.buf, this.blockStart(slot + 2)));
    const bitmapLen = (this.count + 7) >> 3;
    const present = (i: number) => (body[i >> 3]! & (1 << (i & 7))) !== 0;
    const r = new ByteReader().reset(body, bitmapLen);
    if (type === 'string' && r.u8() === 1) return this.field(slot, type)!;
    const out: Value[] = new Array(this.count);
    let next = 0;
    for (let i = 0; i < this.count && next < rows.length; i++) {
      if (i === rows[next]) {
        out[i] = present(i) ? decodeValue(r, type) : null;
        next++;
      } else if (present(i)) skipValue(r, type);
    }
    return out;
  }

  /**
   * Which rows of a string slot pass a text predicate (codec/text-search.ts), as a new bitmap
   * (codec/row-bits.ts), without decoding a string per row: a dictionary is tested once per distinct
   * value, plain values by searching the block's bytes. Undefined when the chunk predates the slot.
   */
  textMask(slot: number, op: TextOp, operand: string): RowBits | undefined {
    if (slot >= this.slots) return undefined;
    let block = this.textCache.get(slot);
    if (block === undefined) {
      const body = readBlock(new ByteReader().reset(this.buf, this.blockStart(slot + 2)));
      // A plain block's text (one latin1 character per byte) is shared by the predicates of one scan.
      const at = ((this.count + 7) >> 3) + 1;
      this.textCache.set(slot, (block = { body, text: body[at - 1] === 1 ? '' : body.toString('latin1', at) }));
    }
    const { body } = block;
    const n = this.count;
    const bitmapLen = (n + 7) >> 3;
    const valid = body.subarray(0, bitmapLen);
    if (body[bitmapLen] !== 1) return textMask(op, operand, body, bitmapLen + 1, valid, n, block.text);
    const r = new ByteReader().reset(body, bitmapLen + 1);
    const test = textTest(op, operand);
    const hits = new Uint8Array(r.varint());
    for (let k = 0; k < hits.length; k++) hits[k] = test(r.string()) ? 1 : 0;
    const codes = decodeCodes(r, valid, n);
    const mask = noRows(n);
    for (let i = 0; i < n; i++) if (codes[i]! >= 0 && hits[codes[i]!] === 1) setRow(mask, i);
    return mask;
  }

  /** The full-text index of a stored slot (codec/text-index.ts), when the chunk was written with one. */
  textIndex(slot: number): TextIndex | undefined {
    if (slot >= this.slots) return undefined;
    this.indexes ??= readTextIndexes(this.buf, this.blockStart(2 + this.slots), this.count);
    return this.indexes.get(slot);
  }

  /** Offset of block b (0 time, 1 series, 2 + slot). */
  private blockStart(b: number): number {
    const at = this.blockAt;
    while (at.length <= b) {
      READER.reset(this.buf, at[at.length - 1]!);
      skipBlock(READER);
      at.push(READER.pos);
    }
    return at[b]!;
  }
}

/**
 * A decoded float64 block as arrays of its own, indexed by row (null rows read 0): the present values
 * copied (a same-type typed array copy keeps NaN payloads) and spread over the null rows when there are any.
 */
function rowFloats({ values: dense, valid }: DecodedFloats, n: number): { values: Float64Array; valid: Uint8Array } {
  const own = valid.slice();
  if (dense.length === n) return { values: new Float64Array(dense), valid: own };
  const values = new Float64Array(n);
  for (let i = 0, j = 0; i < n; i++) if ((own[i >> 3]! & (1 << (i & 7))) !== 0) values[i] = dense[j++]!;
  return { values, valid: own };
}

/** For in-place reads of one block at a time (no read keeps it across a call). */
const READER = new ByteReader();
