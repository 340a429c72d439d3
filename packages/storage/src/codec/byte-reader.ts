/** Sequential reads over one encoded record. */
export class ByteReader {
  buf: Uint8Array = EMPTY;
  pos = 0;
  private view: Buffer = EMPTY;

  reset(buf: Uint8Array, pos = 0): this {
    this.buf = buf;
    this.view = Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    this.pos = pos;
    return this;
  }

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  u8(): number {
    return this.buf[this.pos++]!;
  }

  varint(): number {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = this.buf[this.pos++]!;
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 0x80;
    }
  }

  f64(): number {
    const v = this.view.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }

  f32(): number {
    const v = this.view.readFloatLE(this.pos);
    this.pos += 4;
    return v;
  }

  i64(): bigint {
    const v = this.view.readBigInt64LE(this.pos);
    this.pos += 8;
    return v;
  }

  u64(): bigint {
    const v = this.view.readBigUInt64LE(this.pos);
    this.pos += 8;
    return v;
  }

  bytes(): Uint8Array {
    const n = this.varint();
    const out = new Uint8Array(n);
    out.set(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }

  string(): string {
    const n = this.varint();
    const s = this.view.toString('utf8', this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  skip(n: number): void {
    this.pos += n;
  }
}

const EMPTY = Buffer.alloc(0);
