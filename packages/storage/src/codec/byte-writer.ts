/** A growable byte buffer reused across rows; `take()` copies the written bytes out. */
export class ByteWriter {
  buf: Buffer;
  pos = 0;

  constructor(size = 4096) {
    this.buf = Buffer.allocUnsafe(size);
  }

  reset(): void {
    this.pos = 0;
  }

  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  /** Unsigned varint (LEB128) of a non-negative safe integer. */
  varint(v: number): void {
    this.ensure(10);
    while (v >= 0x80) {
      this.buf[this.pos++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.pos++] = v;
  }

  f64(v: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(v, this.pos);
    this.pos += 8;
  }

  f32(v: number): void {
    this.ensure(4);
    this.buf.writeFloatLE(v, this.pos);
    this.pos += 4;
  }

  i64(v: bigint): void {
    this.ensure(8);
    this.buf.writeBigInt64LE(v, this.pos);
    this.pos += 8;
  }

  u64(v: bigint): void {
    this.ensure(8);
    this.buf.writeBigUInt64LE(v, this.pos);
    this.pos += 8;
  }

  bytes(b: Uint8Array): void {
    this.varint(b.length);
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** Bytes as they are (no length prefix). */
  raw(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  /** UTF-8 text with a varint byte-length prefix (sized for the worst case, padded when shorter). */
  string(s: string): void {
    const max = s.length * 3;
    const prefix = max < 0x80 ? 1 : max < 0x4000 ? 2 : max < 0x200000 ? 3 : 5;
    this.ensure(prefix + max);
    const start = this.pos + prefix;
    const buf = this.buf;
    let len = -1;
    if (s.length <= 256) {
      // Short ASCII text (the usual log field): a plain loop beats Buffer#write's call overhead.
      let i = 0;
      for (; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        buf[start + i] = c;
      }
      if (i === s.length) len = i;
    }
    if (len < 0) len = buf.write(s, start, 'utf8');
    let p = this.pos;
    let v = len;
    for (let i = 1; i < prefix; i++) {
      buf[p++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    buf[p] = v;
    this.pos = start + len;
  }

  /** A copy of the bytes written since the last reset. */
  take(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.pos));
  }
}
