import type { ColumnType, Value } from '@sluice/pipeline-core';
import { ByteReader } from './byte-reader.js';
import type { ByteWriter } from './byte-writer.js';
import { decodeValue, encodeValue } from './value-codec.js';

/**
 * One chunk of one series (tables without append_mode; keys/series-chunk-key.ts), times strictly
 * increasing:
 *
 *   u8 format (1) | varint count | varint maxOff | varint slots
 *   times: varint per row, the first relative to the key's minTime, then the difference from the previous
 *   per slot: varint byte length | u8 mode | [valid bitmap] | [absent bitmap] | values
 *     mode & 3: 0 every row null, 1 no row null, 2 valid bitmap follows; mode & 4: absent bitmap follows
 *     (rows written before the column existed: they read as the column default)
 *     float64: count × 8 bytes little-endian (null rows 0): decoded with one copy into a Float64Array,
 *       NaN payloads kept bit for bit
 *     other types: the non-null values, type-directed (value-codec.ts)
 * Slots past `slots` are absent in every row (the chunk predates the column).
 */
export const SERIES_CHUNK_FORMAT = 1;

/** A decoded column of a chunk (or of a resolved run of rows). */
export type Col =
  | { readonly kind: 'f64'; readonly f64: Float64Array; readonly valid?: Uint8Array; readonly absent?: Uint8Array }
  | { readonly kind: 'boxed'; readonly values: readonly (Value | undefined)[] }
  | { readonly kind: 'absent' };

export const ABSENT: Col = { kind: 'absent' };

const bit = (bits: Uint8Array, i: number): boolean => (bits[i >> 3]! & (1 << (i & 7))) !== 0;

/** The value of row `i` of a column: undefined when absent (the default applies), null when null. */
export function colValue(c: Col, i: number): Value | undefined {
  if (c.kind === 'boxed') return c.values[i];
  if (c.kind === 'absent') return undefined;
  if (c.absent !== undefined && bit(c.absent, i)) return undefined;
  if (c.valid !== undefined && !bit(c.valid, i)) return null;
  return c.f64[i]!;
}

/** Encodes `n` rows: `offs` relative to the key's minTime (strictly increasing, ≥ 0); `fields[slot][row]`. */
export function encodeSeriesChunk(
  w: ByteWriter,
  types: readonly ColumnType[],
  offs: ArrayLike<number>,
  n: number,
  fields: readonly (readonly (Value | undefined)[])[],
  /** Row i is `fields[slot][idx[i]]` (rows picked from whole prepared columns, not copied); default i. */
  idx?: readonly number[],
): void {
  const at = idx === undefined ? (i: number) => i : (i: number) => idx[i]!;
  w.u8(SERIES_CHUNK_FORMAT);
  w.varint(n);
  w.varint(offs[n - 1]!);
  let slots = Math.min(fields.length, types.length);
  // Trailing columns no row carries stay unwritten (they read as absent).
  while (slots > 0 && allAbsent(fields[slots - 1]!, n, at)) slots--;
  w.varint(slots);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    w.varint(offs[i]! - prev);
    prev = offs[i]!;
  }
  for (let s = 0; s < slots; s++) {
    const vals = fields[s]!;
    const type = types[s]!;
    let nulls = 0;
    let absents = 0;
    for (let i = 0; i < n; i++) {
      const v = vals[at(i)];
      if (v === undefined) absents++;
      else if (v === null) nulls++;
    }
    const invalid = nulls + absents;
    const mode = (invalid === 0 ? 1 : invalid === n ? 0 : 2) | (absents > 0 ? 4 : 0);
    // Reserve a 5-byte length, written once the slot is encoded.
    w.ensure(5);
    const lenAt = w.pos;
    w.pos += 5;
    const start = w.pos;
    w.u8(mode);
    if ((mode & 3) === 2) writeBits(w, n, (i) => vals[at(i)] !== null && vals[at(i)] !== undefined);
    if (mode & 4) writeBits(w, n, (i) => vals[at(i)] === undefined);
    if ((mode & 3) !== 0) {
      if (type === 'float64') {
        w.ensure(8 * n);
        const buf = w.buf;
        for (let i = 0; i < n; i++) {
          const v = vals[at(i)];
          buf.writeDoubleLE(v === null || v === undefined ? 0 : (v as number), w.pos);
          w.pos += 8;
        }
      } else {
        for (let i = 0; i < n; i++) {
          const v = vals[at(i)];
          if (v !== null && v !== undefined) encodeValue(w, type, v);
        }
      }
    }
    writeLength5(w.buf, lenAt, w.pos - start);
  }
}

/** A slot's byte length as a fixed-width varint (5 bytes), so a slot's body need not move once written. */
function writeLength5(buf: Buffer, at: number, len: number): void {
  let v = len;
  for (let k = 0; k < 4; k++) {
    buf[at + k] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  buf[at + 4] = v;
}

function allAbsent(vals: readonly (Value | undefined)[], n: number, at: (i: number) => number): boolean {
  for (let i = 0; i < n; i++) if (vals[at(i)] !== undefined) return false;
  return true;
}

function writeBits(w: ByteWriter, n: number, set: (i: number) => boolean): void {
  const len = (n + 7) >> 3;
  w.ensure(len);
  const at = w.pos;
  w.buf.fill(0, at, at + len);
  for (let i = 0; i < n; i++) if (set(i)) w.buf[at + (i >> 3)]! |= 1 << (i & 7);
  w.pos += len;
}

/** A byte view of the last buffer floatRowsInto wrote values into (series arrays share slabs). */
let bytesOf: ArrayBufferLike | undefined;
let bytes: Uint8Array = new Uint8Array(0);

/** A stored chunk, decoded lazily: header at once, times and columns on demand. */
export class SeriesChunkView {
  readonly count: number;
  readonly maxOff: number;
  readonly slots: number;
  private readonly timesAt: number;
  private slotAt: number[] | undefined;
  private offsCache: Float64Array | undefined;

  constructor(readonly buf: Buffer) {
    const r = new ByteReader().reset(buf);
    const format = r.u8();
    if (format !== SERIES_CHUNK_FORMAT) throw new Error(`series chunk format ${format} is not readable by this build (it reads format ${SERIES_CHUNK_FORMAT})`);
    this.count = r.varint();
    this.maxOff = r.varint();
    this.slots = r.varint();
    this.timesAt = r.pos;
  }

  /** Times relative to the key's minTime. */
  offs(): Float64Array {
    if (this.offsCache) return this.offsCache;
    const out = new Float64Array(this.count);
    const r = new ByteReader().reset(this.buf, this.timesAt);
    let t = 0;
    for (let i = 0; i < this.count; i++) out[i] = t += r.varint();
    if (this.slotAt === undefined) this.index(r.pos);
    return (this.offsCache = out);
  }

  private index(afterTimes?: number): number[] {
    if (this.slotAt) return this.slotAt;
    // Plain byte loops (this runs once per chunk a fold concatenates): skip the times, then per slot
    // read its length and skip its body.
    const buf = this.buf;
    let p = afterTimes ?? this.timesAt;
    if (afterTimes === undefined) for (let i = 0; i < this.count; i++) while (buf[p++]! >= 0x80);
    this.timesEnd = p;
    const at: number[] = new Array(this.slots);
    const ends: number[] = new Array(this.slots);
    for (let s = 0; s < this.slots; s++) {
      const len = varintAt(buf, p);
      at[s] = p = varintEnd;
      p += len;
      ends[s] = p;
    }
    this.slotEnd = ends;
    return (this.slotAt = at);
  }

  private slotEnd: number[] = [];
  private timesEnd = 0;

  /** The first row's time (relative to the key's minTime) and the bytes of the other rows' time deltas. */
  timeDeltas(): { first: number; rest: Buffer } {
    const first = varintAt(this.buf, this.timesAt);
    const from = varintEnd;
    this.index();
    return { first, rest: this.buf.subarray(from, this.timesEnd) };
  }

  /**
   * Slot `slot` as stored (`slot < slots`): its mode byte, its bitmaps (views, when the mode has them) and
   * its value bytes (float64: count × 8; other types: the non-null values back to back).
   */
  rawSlot(slot: number): { mode: number; valid: Buffer | undefined; absent: Buffer | undefined; values: Buffer } {
    const at = this.index();
    let p = at[slot]!;
    const end = this.slotEnd[slot]!;
    const mode = this.buf[p++]!;
    const bitsLen = (this.count + 7) >> 3;
    let valid: Buffer | undefined;
    let absent: Buffer | undefined;
    if ((mode & 3) === 2) {
      valid = this.buf.subarray(p, p + bitsLen);
      p += bitsLen;
    }
    if (mode & 4) {
      absent = this.buf.subarray(p, p + bitsLen);
      p += bitsLen;
    }
    return { mode, valid, absent, values: this.buf.subarray(p, end) };
  }

  /**
   * The rows whose offsets lie in [lo, hi), decoded straight into typed arrays (no intermediate arrays):
   * `times[at + k] = (add + off) * mult` and `values[at + k]` = the float64 column `slot`, bit for bit (one
   * byte copy; NaN payloads kept). Returns how many rows it wrote, or -1 when the column is not stored as
   * a value in every row of the chunk (a null or absent row, or a chunk older than the column): the caller
   * then reads the chunk through col(). Times are written either way.
   */
  floatRowsInto(slot: number, lo: number, hi: number, add: number, mult: number, times: Float64Array, values: Float64Array, at: number): number {
    const buf = this.buf;
    const n = this.count;
    let p = this.timesAt;
    let t = 0;
    let from = -1;
    let k = at;
    for (let i = 0; i < n; i++) {
      let b = buf[p++]!;
      if (b < 0x80) t += b;
      else {
        let d = b & 0x7f;
        let mul = 0x80;
        for (;;) {
          b = buf[p++]!;
          d += (b & 0x7f) * mul;
          if (b < 0x80) break;
          mul *= 0x80;
        }
        t += d;
      }
      if (t < lo || t >= hi) continue;
      if (from < 0) from = i;
      times[k++] = (add + t) * mult;
    }
    const rows = k - at;
    if (slot >= this.slots) return -1;
    // Skip the slots before `slot` (each starts with its byte length).
    for (let s = 0; s < slot; s++) p = varintAt(buf, p) + varintEnd;
    for (;;) if (buf[p++]! < 0x80) break; // this slot's length
    if (buf[p++] !== 1) return -1; // mode 1: no null and no absent row
    if (rows > 0) {
      const src = p + 8 * from;
      // One native copy into the array's bytes (no view objects per chunk).
      if (bytesOf !== values.buffer) {
        bytesOf = values.buffer;
        bytes = new Uint8Array(bytesOf);
      }
      buf.copy(bytes, values.byteOffset + 8 * at, src, src + 8 * rows);
    }
    return rows;
  }

  /** Column `slot` of type `type`. */
  col(slot: number, type: ColumnType): Col {
    if (slot >= this.slots) return ABSENT;
    const n = this.count;
    let p = this.index()[slot]!;
    const buf = this.buf;
    const mode = buf[p++]!;
    const bitsLen = (n + 7) >> 3;
    let valid: Uint8Array | undefined;
    let absent: Uint8Array | undefined;
    if ((mode & 3) === 2) {
      valid = buf.subarray(p, p + bitsLen);
      p += bitsLen;
    } else if ((mode & 3) === 0) valid = new Uint8Array(bitsLen);
    if (mode & 4) {
      absent = buf.subarray(p, p + bitsLen);
      p += bitsLen;
    }
    if (type === 'float64') {
      const f64 = new Float64Array(n);
      if ((mode & 3) !== 0) new Uint8Array(f64.buffer).set(buf.subarray(p, p + 8 * n));
      return { kind: 'f64', f64, ...(valid ? { valid } : {}), ...(absent ? { absent } : {}) };
    }
    const values: (Value | undefined)[] = new Array(n).fill(null);
    if ((mode & 3) !== 0) {
      const r = new ByteReader().reset(buf, p);
      for (let i = 0; i < n; i++) {
        if (valid !== undefined && !bit(valid, i)) continue;
        values[i] = decodeValue(r, type);
      }
    }
    if (absent) for (let i = 0; i < n; i++) if (bit(absent, i)) values[i] = undefined;
    return { kind: 'boxed', values };
  }
}

/** Where the varint `varintAt` read last ended. */
let varintEnd = 0;

/** The unsigned varint at `p` (a plain byte loop, for the paths that walk chunk headers); its end goes to `varintEnd`. */
function varintAt(buf: Uint8Array, p: number): number {
  let v = 0;
  let mul = 1;
  for (;;) {
    const b = buf[p++]!;
    v += (b & 0x7f) * mul;
    if (b < 0x80) break;
    mul *= 0x80;
  }
  varintEnd = p;
  return v;
}

/** One chunk to concatenate: its key minTime and its view. */
export interface ChunkPart {
  readonly min: bigint;
  readonly view: SeriesChunkView;
}

/**
 * Chunks of one series concatenated into one, keyed at the first part's minTime, without decoding their
 * values: times re-based, bitmaps joined, value bytes copied. The parts must be in time order, each
 * starting after the previous one's last time (no two rows of one time: nothing to resolve), and their
 * slots encoded with `types`. The bytes are those encodeSeriesChunk writes for the same rows.
 */
export function concatSeriesChunks(w: ByteWriter, types: readonly ColumnType[], parts: readonly ChunkPart[]): void {
  const base = parts[0]!.min;
  let n = 0;
  let slots = 0;
  for (const p of parts) {
    n += p.view.count;
    if (p.view.slots > slots) slots = p.view.slots;
  }
  const last = parts[parts.length - 1]!;
  w.u8(SERIES_CHUNK_FORMAT);
  w.varint(n);
  w.varint(Number(last.min - base) + last.view.maxOff);
  w.varint(slots);
  // Times: a part's first delta is re-based on the previous part's last time, its other deltas are
  // copied as they are.
  let prev = 0;
  for (const p of parts) {
    const { first, rest } = p.view.timeDeltas();
    const t = Number(p.min - base) + first;
    w.varint(t - prev);
    w.ensure(rest.length);
    w.pos += rest.copy(w.buf, w.pos);
    prev = Number(p.min - base) + p.view.maxOff;
  }
  const bitsLen = (n + 7) >> 3;
  for (let s = 0; s < slots; s++) {
    const raw = parts.map((p) => (s < p.view.slots ? p.view.rawSlot(s) : undefined));
    if (raw.every((r) => r !== undefined && r.mode === 1)) {
      // No null and no absent row in any part (the usual case): the value bytes back to back.
      let len = 1;
      for (const r of raw) len += r!.values.length;
      w.ensure(5 + len);
      writeLength5(w.buf, w.pos, len);
      w.pos += 5;
      w.buf[w.pos++] = 1;
      for (const r of raw) w.pos += r!.values.copy(w.buf, w.pos);
      continue;
    }
    const valid = new Uint8Array(bitsLen);
    const absent = new Uint8Array(bitsLen);
    let nValid = 0;
    let nAbsent = 0;
    let row = 0;
    for (let k = 0; k < parts.length; k++) {
      const r = raw[k];
      const count = parts[k]!.view.count;
      for (let i = 0; i < count; i++, row++) {
        const isAbsent = r === undefined || (r.absent !== undefined && bit(r.absent, i));
        const isValid = r !== undefined && ((r.mode & 3) === 1 || ((r.mode & 3) === 2 && bit(r.valid!, i)));
        if (isAbsent) {
          absent[row >> 3]! |= 1 << (row & 7);
          nAbsent++;
        } else if (isValid) {
          valid[row >> 3]! |= 1 << (row & 7);
          nValid++;
        }
      }
    }
    const mode = (nValid === n ? 1 : nValid === 0 ? 0 : 2) | (nAbsent > 0 ? 4 : 0);
    let len = 1 + ((mode & 3) === 2 ? bitsLen : 0) + (mode & 4 ? bitsLen : 0);
    const float = types[s] === 'float64';
    if ((mode & 3) !== 0) {
      if (float) len += 8 * n;
      else for (const r of raw) if (r !== undefined && (r.mode & 3) !== 0) len += r.values.length;
    }
    w.ensure(5 + len);
    writeLength5(w.buf, w.pos, len);
    w.pos += 5;
    w.buf[w.pos++] = mode;
    if ((mode & 3) === 2) w.pos += copyBits(w.buf, w.pos, valid);
    if (mode & 4) w.pos += copyBits(w.buf, w.pos, absent);
    if ((mode & 3) !== 0) {
      for (let k = 0; k < parts.length; k++) {
        const r = raw[k];
        if (r !== undefined && (r.mode & 3) !== 0) w.pos += r.values.copy(w.buf, w.pos);
        else if (float) {
          // Null or absent in every row of this part: zeros, as the encoder writes for such rows.
          const bytes = 8 * parts[k]!.view.count;
          w.buf.fill(0, w.pos, w.pos + bytes);
          w.pos += bytes;
        }
      }
    }
  }
}

function copyBits(buf: Buffer, at: number, bits: Uint8Array): number {
  buf.set(bits, at);
  return bits.length;
}
