/**
 * LZ4 block decoding in JavaScript, as far as a reader needs (the full-text index's token rows,
 * codec/token-index.ts): lz4-napi's uncompressSync decodes whole blocks only. The input is what block.ts
 * stores for codec 1 (lz4-napi's block format): u32 LE raw length, then one LZ4 block. Whole float64 blocks
 * are decoded by codec/wasm-kernels.ts.
 */

/** The raw length of a stored LZ4 block starting at `at`. */
export function lz4RawLength(src: Uint8Array, at: number): number {
  return (src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16)) + src[at + 3]! * 0x1000000;
}

/**
 * A stored LZ4 block decoded into `out` only as far as a reader needs: `fill(k)` decodes whole sequences
 * until the first k bytes of the raw data are there (or the block ends), so a reader that stops early
 * does not pay for the rest.
 */
export class Lz4Cursor {
  private src: Uint8Array = EMPTY;
  private p = 0;
  private end = 0;
  out: Uint8Array = EMPTY;
  /** Raw bytes decoded so far. */
  o = 0;
  /** The raw length. */
  n = 0;

  /** Starts on the block src[at, end) (`out` at least its raw length long). */
  reset(src: Uint8Array, at: number, end: number, out: Uint8Array): this {
    const n = lz4RawLength(src, at);
    if (out.length < n) throw new Error(`lz4 block of ${n} bytes does not fit in ${out.length}`);
    this.src = src;
    this.p = at + 4;
    this.end = end;
    this.out = out;
    this.o = 0;
    this.n = n;
    return this;
  }

  /** Decodes until `want` raw bytes are there or the block ends; throws when it ends short of `want` bytes that the raw length has. */
  fill(want: number): void {
    const { src, end, out, n } = this;
    let { p, o } = this;
    while (o < want && p < end) {
      const token = src[p++]!;
      let lit = token >>> 4;
      if (lit === 15) {
        lit = extended(src, p, end, lit);
        p = after;
      }
      if (p + lit > end || o + lit > n) throw new Error('lz4 block: literals past the end');
      if (lit < 32) for (let k = 0; k < lit; k++) out[o + k] = src[p + k]!;
      else out.set(src.subarray(p, p + lit), o);
      p += lit;
      o += lit;
      if (p >= end) break;
      const off = src[p]! | (src[p + 1]! << 8);
      p += 2;
      let len = token & 15;
      if (len === 15) {
        len = extended(src, p, end, len);
        p = after;
      }
      len += 4;
      if (off === 0 || off > o || o + len > n) throw new Error('lz4 block: a match outside the output');
      if (len < 32) {
        // Short matches byte by byte (an overlapping one, offset < length, repeats its period as it goes).
        for (let k = 0, from = o - off; k < len; k++) out[o + k] = out[from + k]!;
        o += len;
      } else if (off >= len) {
        out.copyWithin(o, o - off, o - off + len);
        o += len;
      } else {
        // Overlapping: the output repeats with period `off`. A short period is first repeated byte by byte
        // to 32 bytes or more (each copyWithin is a call), then copies double in length.
        let period = off;
        if (period < 32) {
          while (period < 32) period += off;
          if (period > len) period = len;
          for (let k = 0, from = o - off; k < period; k++) out[o + k] = out[from + k]!;
          o += period;
          len -= period;
        }
        for (; len > 0; period += period) {
          const c = period < len ? period : len;
          out.copyWithin(o, o - period, o - period + c);
          o += c;
          len -= c;
        }
      }
    }
    this.p = p;
    this.o = o;
    if (o < want && o < n && p >= end) throw new Error(`lz4 block: ${o} bytes decoded, ${n} expected`);
  }
}

const EMPTY = new Uint8Array(0);

/** Where the last `extended` call stopped reading. */
let after = 0;

/** A length of 15 in a token continues in the bytes from `p`: each adds to it, a byte below 255 ends it. */
function extended(src: Uint8Array, p: number, end: number, v: number): number {
  let b: number;
  do {
    b = src[p++]!;
    v += b;
  } while (b === 255 && p < end);
  after = p;
  return v;
}
