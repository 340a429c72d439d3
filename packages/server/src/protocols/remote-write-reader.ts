import { endianness } from 'node:os';

/**
 * A hand-rolled reader for remote write 1.0 `WriteRequest` bytes (protobuf wire format): one pass to
 * count the samples, one to deliver them. Samples go into two Float64Arrays for the whole request
 * (a series gets views of them), values copied byte for byte (a staleness NaN keeps its payload),
 * int64 timestamps read as two 32-bit halves: no object per sample. A series' labels are handed over
 * as the range of their wire bytes and decoded only when asked (`labels()`), so a caller can keep
 * decoded label sets across requests. Unknown fields (exemplars,
 * native histograms, metadata) are skipped by wire type. Reading past the end throws.
 */
export interface WriteRequestVisitor {
  /**
   * A series with samples [from, to) of `values`/`timestamps`. Its label fields are the bytes
   * [labelsFrom, labelsTo) of `reader.bytes` when they are contiguous on the wire (labelsTo -1 when
   * samples sit between them); `reader.labels()` decodes them (name, value pairs in wire order).
   */
  series(labelsFrom: number, labelsTo: number, from: number, to: number): void;
  metadata(): void;
}

/** What readWriteRequest produced: the request's samples, in series order. */
export interface WriteRequestSamples {
  readonly values: Float64Array;
  /** Milliseconds since the epoch. */
  readonly timestamps: Float64Array;
}

const TWO_32 = 4294967296;
const LE = endianness() === 'LE';

export class WriteRequestReader {
  private buf: Buffer = Buffer.alloc(0);
  /** The bytes being read (valid inside the visitor's callbacks). */
  get bytes(): Buffer {
    return this.buf;
  }
  private pos = 0;
  private end = 0;
  /** The current series' label fields: [start, end) pairs of their content. */
  private labelAt: number[] = [];
  private lo = 0;
  private hi = 0;

  read(bytes: Uint8Array, v: WriteRequestVisitor): WriteRequestSamples {
    this.buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.end = this.buf.length;
    const n = this.countSamples();
    const values = new Float64Array(n);
    const timestamps = new Float64Array(n);
    const valueBytes = new Uint8Array(values.buffer);
    let at = 0;
    this.pos = 0;
    while (this.pos < this.end) {
      const tag = this.varint32();
      const field = tag >>> 3;
      if (field === 1 && (tag & 7) === 2) {
        const stop = this.length();
        at = this.series(stop, v, values, valueBytes, timestamps, at);
        this.pos = Math.max(this.pos, stop);
      } else if (field === 3 && (tag & 7) === 2) {
        this.pos = this.length();
        v.metadata();
      } else this.skip(tag);
    }
    return { values, timestamps };
  }

  /** The current series' labels (valid inside `series`), in wire order. */
  labels(): [string, string][] {
    const out: [string, string][] = [];
    const at = this.labelAt;
    const save = this.pos;
    for (let k = 0; k < at.length; k += 2) {
      let name = '';
      let value = '';
      this.pos = at[k]!;
      const end = at[k + 1]!;
      while (this.pos < end) {
        const tag = this.varint32();
        const field = tag >>> 3;
        if ((field === 1 || field === 2) && (tag & 7) === 2) {
          const len = this.varint32();
          if (this.pos + len > this.end) throw new RangeError(`index out of range: ${this.pos} + ${len} > ${this.end}`);
          const s = this.buf.toString('utf8', this.pos, this.pos + len);
          this.pos += len;
          if (field === 1) name = s;
          else value = s;
        } else this.skip(tag);
      }
      out.push([name, value]);
    }
    this.pos = save;
    return out;
  }

  /** The samples of the whole request (a first pass reading tags and lengths only). */
  private countSamples(): number {
    let n = 0;
    this.pos = 0;
    while (this.pos < this.end) {
      const tag = this.varint32();
      if (tag >>> 3 === 1 && (tag & 7) === 2) {
        const stop = this.length();
        while (this.pos < stop) {
          const t = this.varint32();
          if (t >>> 3 === 2 && (t & 7) === 2) n++;
          this.skip(t);
        }
        this.pos = Math.max(this.pos, stop);
      } else this.skip(tag);
    }
    return n;
  }

  private series(stop: number, v: WriteRequestVisitor, values: Float64Array, valueBytes: Uint8Array, timestamps: Float64Array, from: number): number {
    const start = this.pos;
    const labelAt = this.labelAt;
    labelAt.length = 0;
    let runFrom = -1;
    let runTo = -1;
    let runs = 0;
    // Labels first (they may come after samples on the wire): their ranges, and the key.
    while (this.pos < stop) {
      const tagAt = this.pos;
      const tag = this.varint32();
      if (tag >>> 3 === 1 && (tag & 7) === 2) {
        const end = this.length();
        labelAt.push(this.pos, end);
        if (runTo !== tagAt) {
          runs++;
          runFrom = tagAt;
        }
        this.pos = end;
        runTo = end;
      } else this.skip(tag);
    }
    if (runs === 0) runFrom = runTo = start;
    let at = from;
    this.pos = start;
    while (this.pos < stop) {
      const tag = this.varint32();
      if (tag >>> 3 === 2 && (tag & 7) === 2) {
        const end = this.length();
        let value = 0;
        let ts = 0;
        let valueAt = -1;
        while (this.pos < end) {
          const t = this.varint32();
          const field = t >>> 3;
          if (field === 1 && (t & 7) === 1) {
            if (this.pos + 8 > this.end) throw new RangeError(`index out of range: ${this.pos} + 8 > ${this.end}`);
            valueAt = this.pos;
            this.pos += 8;
          } else if (field === 2 && (t & 7) === 0) {
            this.varint64();
            ts = this.hi * TWO_32 + (this.lo >>> 0);
          } else this.skip(t);
        }
        if (valueAt < 0) values[at] = value;
        else if (LE) {
          const b = this.buf;
          const o = at * 8;
          for (let k = 0; k < 8; k++) valueBytes[o + k] = b[valueAt + k]!;
        } else values[at] = this.buf.readDoubleLE(valueAt);
        timestamps[at++] = ts;
      } else this.skip(tag);
    }
    v.series(runFrom, runs > 1 ? -1 : runTo, from, at);
    return at;
  }

  /** A length-delimited field's length: the end of its content. */
  private length(): number {
    const len = this.varint32();
    const end = this.pos + len;
    if (end > this.end) throw new RangeError(`index out of range: ${this.pos} + ${len} > ${this.end}`);
    return end;
  }

  /** A varint's low 32 bits (a longer varint is read whole). */
  private varint32(): number {
    const b = this.buf;
    let v = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= this.end) throw new RangeError('index out of range: a varint runs past the end');
      const c = b[this.pos++]!;
      v |= (c & 0x7f) << shift;
      if (c < 0x80) return v >>> 0;
    }
    // Bytes 6 to 10 of a 64-bit varint carry no low bits.
    for (let k = 0; k < 5; k++) {
      if (this.pos >= this.end) throw new RangeError('index out of range: a varint runs past the end');
      if (b[this.pos++]! < 0x80) return v >>> 0;
    }
    throw new Error('invalid varint encoding');
  }

  /** A 64-bit varint into `lo` (unsigned) and `hi` (signed) 32-bit halves. */
  private varint64(): void {
    const b = this.buf;
    let lo = 0;
    let hi = 0;
    let k = 0;
    for (; k < 10; k++) {
      if (this.pos >= this.end) throw new RangeError('index out of range: a varint runs past the end');
      const c = b[this.pos++]!;
      const bits = c & 0x7f;
      if (k < 4) lo |= bits << (7 * k);
      else if (k === 4) {
        lo |= (bits & 0x0f) << 28;
        hi |= bits >> 4;
      } else hi |= bits << (7 * k - 32);
      if (c < 0x80) break;
    }
    if (k === 10) throw new Error('invalid varint encoding');
    this.lo = lo >>> 0;
    this.hi = hi | 0;
  }

  private skip(tag: number): void {
    switch (tag & 7) {
      case 0:
        this.varint64();
        return;
      case 1:
        this.advance(8);
        return;
      case 2:
        this.pos = this.length();
        return;
      case 3:
        // A group: skip fields up to its end-group tag.
        for (;;) {
          const t = this.varint32();
          if ((t & 7) === 4) return;
          this.skip(t);
        }
      case 5:
        this.advance(4);
        return;
      default:
        throw new Error(`invalid wire type ${tag & 7} at offset ${this.pos}`);
    }
  }

  private advance(n: number): void {
    if (this.pos + n > this.end) throw new RangeError(`index out of range: ${this.pos} + ${n} > ${this.end}`);
    this.pos += n;
  }
}
