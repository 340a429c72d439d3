import type { ColumnType, Value } from '@sluice/pipeline-core';
import { ByteReader } from './byte-reader.js';
import type { ByteWriter } from './byte-writer.js';
import { decodeValue, encodeValue, skipValue } from './value-codec.js';

/**
 * A column chunk: the rows of one write for one logical table, sorted by time.
 *
 *   u32 tableId | varint count | i64 minTs | i64 maxTs | varint slotCount
 *   ts column:     varint deltas from minTs (sorted, so never negative)
 *   series column: varint per row
 *   per field slot: varint byteLength | null bitmap (1 bit per row) | non-null values
 *   string slots:   ... | null bitmap | u8 mode | mode 0: the values
 *                                                 mode 1: varint n | n distinct values | varint index per value
 *
 * A slot's byte length lets a reader skip columns it does not need without parsing them. Strings with
 * few distinct values (levels, methods, paths) are dictionary-encoded: each distinct string is stored
 * and decoded once per chunk.
 */
export interface ChunkRows {
  readonly tableId: number;
  /** Times in the column's unit, ascending. */
  readonly ts: readonly bigint[];
  readonly series: readonly number[];
  /** fields[slot][row] */
  readonly fields: readonly (readonly Value[])[];
}

export function encodeChunk(w: ByteWriter, types: readonly ColumnType[], c: ChunkRows): void {
  const n = c.ts.length;
  w.ensure(4);
  w.buf.writeUInt32LE(c.tableId, w.pos);
  w.pos += 4;
  w.varint(n);
  const min = c.ts[0]!;
  w.i64(min);
  w.i64(c.ts[n - 1]!);
  let slots = c.fields.length;
  while (slots > 0 && c.fields[slots - 1]!.every((v) => v === null)) slots--;
  w.varint(slots);
  for (let i = 0; i < n; i++) w.varint(Number(c.ts[i]! - min));
  for (let i = 0; i < n; i++) w.varint(c.series[i]!);
  const bitmapLen = (n + 7) >> 3;
  for (let s = 0; s < slots; s++) {
    const col = c.fields[s]!;
    // Reserve a 5-byte length, written once the column is done.
    w.ensure(5 + bitmapLen);
    const lenAt = w.pos;
    w.pos += 5;
    const start = w.pos;
    w.buf.fill(0, w.pos, w.pos + bitmapLen);
    w.pos += bitmapLen;
    const type = types[s]!;
    for (let i = 0; i < n; i++) if (col[i] !== null) w.buf[start + (i >> 3)]! |= 1 << (i & 7);
    const dict = type === 'string' ? dictionaryOf(col) : undefined;
    if (type === 'string') w.u8(dict ? 1 : 0);
    if (dict) {
      w.varint(dict.size);
      for (const v of dict.keys()) w.string(v);
      for (let i = 0; i < n; i++) if (col[i] !== null) w.varint(dict.get(col[i] as string)!);
    } else {
      for (let i = 0; i < n; i++) if (col[i] !== null) encodeValue(w, type, col[i]!);
    }
    let len = w.pos - start;
    for (let k = 0; k < 4; k++) {
      w.buf[lenAt + k] = (len % 0x80) | 0x80;
      len = Math.floor(len / 0x80);
    }
    w.buf[lenAt + 4] = len;
  }
}

/** Distinct values of a string column when there are few enough for a dictionary to pay off. */
function dictionaryOf(col: readonly Value[]): Map<string, number> | undefined {
  const dict = new Map<string, number>();
  let present = 0;
  for (const v of col) {
    if (v === null) continue;
    present++;
    if (!dict.has(v as string)) dict.set(v as string, dict.size);
  }
  return dict.size * 4 <= present ? dict : undefined;
}

/** A chunk read lazily: the header at once, the time, series and field columns on demand. */
export class ChunkView {
  readonly tableId: number;
  readonly count: number;
  readonly minTs: bigint;
  readonly maxTs: bigint;
  private readonly slots: number;
  private readonly tsOffset: number;
  private seriesAt = -1;
  private slotAt: number[] | undefined;
  private tsCache: bigint[] | undefined;
  private deltaCache: number[] | undefined;
  /** minTs as a number when every time of the chunk is a safe integer. */
  private readonly minSafe: number | undefined;
  private seriesCache: number[] | undefined;

  constructor(private readonly buf: Buffer) {
    this.tableId = buf.readUInt32LE(0);
    const r = new ByteReader().reset(buf, 4);
    this.count = r.varint();
    this.minTs = r.i64();
    this.maxTs = r.i64();
    this.slots = r.varint();
    this.tsOffset = r.pos;
    this.minSafe = this.minTs >= BigInt(Number.MIN_SAFE_INTEGER) && this.maxTs <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(this.minTs) : undefined;
  }

  /** Each row's time as an offset from minTs (exact: a chunk spans at most a minute of nanoseconds). */
  deltas(): number[] {
    if (this.deltaCache) return this.deltaCache;
    const r = new ByteReader().reset(this.buf, this.tsOffset);
    const out: number[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = r.varint();
    this.seriesAt = r.pos;
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

  series(): number[] {
    if (this.seriesCache) return this.seriesCache;
    if (this.seriesAt < 0) this.deltas();
    const r = new ByteReader().reset(this.buf, this.seriesAt);
    const out: number[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = r.varint();
    this.slotAt = [r.pos];
    return (this.seriesCache = out);
  }

  /**
   * Values of one field slot, indexed by row; `undefined` when the chunk predates the slot. With `rows`
   * (ascending indices) only those rows are decoded and the others skipped unread.
   */
  field(slot: number, type: ColumnType, rows?: readonly number[]): Value[] | undefined {
    if (slot >= this.slots) return undefined;
    const r = new ByteReader().reset(this.buf, this.slotStart(slot));
    r.varint();
    const start = r.pos;
    const out: Value[] = new Array(this.count);
    r.pos = start + ((this.count + 7) >> 3);
    const buf = this.buf;
    const present = (i: number) => (buf[start + (i >> 3)]! & (1 << (i & 7))) !== 0;
    if (type === 'string' && r.u8() === 1) {
      const dict: string[] = new Array(r.varint());
      for (let k = 0; k < dict.length; k++) dict[k] = r.string();
      for (let i = 0; i < this.count; i++) out[i] = present(i) ? dict[r.varint()]! : null;
      return out;
    }
    if (rows === undefined || rows.length === this.count) {
      for (let i = 0; i < this.count; i++) out[i] = present(i) ? decodeValue(r, type) : null;
      return out;
    }
    let next = 0;
    for (let i = 0; i < this.count && next < rows.length; i++) {
      if (i === rows[next]) {
        out[i] = present(i) ? decodeValue(r, type) : null;
        next++;
      } else if (present(i)) skipValue(r, type);
    }
    return out;
  }

  private slotStart(slot: number): number {
    if (!this.slotAt) this.series();
    const at = this.slotAt!;
    const r = new ByteReader();
    while (at.length <= slot) {
      r.reset(this.buf, at[at.length - 1]!);
      const len = r.varint();
      at.push(r.pos + len);
    }
    return at[slot]!;
  }
}
