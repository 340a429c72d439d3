import type { ColumnType, Value } from '@sluice/pipeline-core';
import type { ByteReader } from './byte-reader.js';
import { decodeValue } from './value-codec.js';

/**
 * Tight decoding loops for one field block of a column chunk (codec/chunk-codec.ts): the hot read paths
 * of scans and in-store aggregates. Each takes the block's null bitmap (`valid`, bit i set: row i has a
 * value) and reads the non-null values that follow it.
 */

/** Set bits per byte value. */
const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let c = 0;
  for (let x = b; x; x >>= 1) c += x & 1;
  return c;
});

/** Rows with a value. */
export function presentCount(valid: Uint8Array, n: number): number {
  let m = 0;
  const bytes = (n + 7) >> 3;
  for (let b = 0; b < bytes; b++) m += POPCOUNT[valid[b]!]!;
  return m;
}

/**
 * A float64 block's values: `m` non-null values stored as 8 byte planes after the bitmap (byte k of
 * every value, then byte k + 1 ...), put back together 32 bits at a time; null rows read as 0.
 */
export function decodeFloatPlanes(body: Uint8Array, at: number, n: number): Float64Array {
  const valid = body.subarray(0, at);
  const m = presentCount(valid, n);
  const dense = decodePresentFloats(body, at, m, new Float64Array(m));
  if (m === n) return dense;
  const out = new Float64Array(n);
  for (let i = 0, j = 0; i < n; i++) if ((valid[i >> 3]! & (1 << (i & 7))) !== 0) out[i] = dense[j++]!;
  return out;
}

/**
 * The `m` present values of a float64 block (byte planes from `at`) into `out[0..m)`, bit for bit (NaN
 * payloads kept); `out` may be a reused array at least `m` long. Returns `out`.
 *
 * Four values at a time: the planes' bytes are copied to a word-aligned scratch, so each plane gives the
 * byte of four values in one 32-bit load, and a 4×4 byte transpose of four planes' words makes the four
 * values' low (planes 0–3) or high (planes 4–7) words. The last m mod 4 values go byte by byte.
 */
export function decodePresentFloats(body: Uint8Array, at: number, m: number, out: Float64Array): Float64Array {
  const w = new Uint32Array(out.buffer, out.byteOffset, m * 2);
  const q = m >> 2;
  if (q > 0) {
    const M = q * 4;
    if (planeWords.length < 2 * M) planeWords = new Uint32Array(Math.max(2 * M, planeWords.length * 2));
    const bytes = new Uint8Array(planeWords.buffer, 0, 8 * M);
    for (let k = 0; k < 8; k++) bytes.set(body.subarray(at + k * m, at + k * m + M), k * M);
    transposePlanes(planeWords, q, w);
  }
  const p0 = at, p1 = at + m, p2 = at + 2 * m, p3 = at + 3 * m;
  const p4 = at + 4 * m, p5 = at + 5 * m, p6 = at + 6 * m, p7 = at + 7 * m;
  // Little-endian machines (x86, arm64): the low word holds bytes 0..3.
  for (let i = q * 4, o = i * 2; i < m; i++, o += 2) {
    w[o] = body[p0 + i]! | (body[p1 + i]! << 8) | (body[p2 + i]! << 16) | (body[p3 + i]! << 24);
    w[o + 1] = body[p4 + i]! | (body[p5 + i]! << 8) | (body[p6 + i]! << 16) | (body[p7 + i]! << 24);
  }
  return out;
}

/** Word-aligned copy of a block's byte planes (8 planes of q words), reused. */
let planeWords = new Uint32Array(1024);

/** Values 0..4q−1 from 8 planes of q words each (plane k at k·q): two words per value into `w`, little-endian. */
function transposePlanes(s: Uint32Array, q: number, w: Uint32Array): void {
  for (let j = 0, o = 0; j < q; j++, o += 8) {
    // a..d: byte k (k = 0..3) of values 4j..4j+3; e..h: bytes 4..7.
    const a = s[j]!, b = s[q + j]!, c = s[2 * q + j]!, d = s[3 * q + j]!;
    const e = s[4 * q + j]!, f = s[5 * q + j]!, g = s[6 * q + j]!, h = s[7 * q + j]!;
    // t0 = [a0 b0 a2 b2], t1 = [a1 b1 a3 b3], t2 = [c0 d0 c2 d2], t3 = [c1 d1 c3 d3] (bytes, low first).
    const t0 = (a & 0x00ff00ff) | ((b & 0x00ff00ff) << 8), t1 = ((a >>> 8) & 0x00ff00ff) | (b & 0xff00ff00);
    const t2 = (c & 0x00ff00ff) | ((d & 0x00ff00ff) << 8), t3 = ((c >>> 8) & 0x00ff00ff) | (d & 0xff00ff00);
    const u0 = (e & 0x00ff00ff) | ((f & 0x00ff00ff) << 8), u1 = ((e >>> 8) & 0x00ff00ff) | (f & 0xff00ff00);
    const u2 = (g & 0x00ff00ff) | ((h & 0x00ff00ff) << 8), u3 = ((g >>> 8) & 0x00ff00ff) | (h & 0xff00ff00);
    w[o] = (t0 & 0xffff) | (t2 << 16);
    w[o + 1] = (u0 & 0xffff) | (u2 << 16);
    w[o + 2] = (t1 & 0xffff) | (t3 << 16);
    w[o + 3] = (u1 & 0xffff) | (u3 << 16);
    w[o + 4] = (t0 >>> 16) | (t2 & 0xffff0000);
    w[o + 5] = (u0 >>> 16) | (u2 & 0xffff0000);
    w[o + 6] = (t1 >>> 16) | (t3 & 0xffff0000);
    w[o + 7] = (u1 >>> 16) | (u3 & 0xffff0000);
  }
}

/** Dictionary codes (varints) of the present rows; −1 for null rows. */
export function decodeCodes(r: ByteReader, valid: Uint8Array, n: number): Int32Array {
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) codes[i] = (valid[i >> 3]! & (1 << (i & 7))) === 0 ? -1 : r.varint();
  return codes;
}

const SMALL_INT = new Set<ColumnType>(['int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32']);
const HIGH = /[\x80-\xff]/g;

/**
 * Boxed values of a block. Small integers decode their zigzag varints inline; ASCII strings are cut from
 * one string of the whole block (no per-value UTF-8 decoding); the rest go value by
 * value.
 */
export function decodeBoxed(r: ByteReader, type: ColumnType, valid: Uint8Array, n: number): Value[] {
  const values: Value[] = new Array(n);
  const present = (i: number) => (valid[i >> 3]! & (1 << (i & 7))) !== 0;
  const buf = r.buf;
  if (SMALL_INT.has(type)) {
    for (let i = 0; i < n; i++) {
      if (!present(i)) {
        values[i] = null;
        continue;
      }
      const z = r.varint();
      values[i] = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    }
    return values;
  }
  if (type === 'string') {
    // One latin1 string of the block: a value of ASCII bytes is a slice of it (no UTF-8 decoding); a value
    // holding a byte >= 0x80 (found by one regex search per such byte run) is decoded from its bytes.
    const start = r.pos;
    const bytes = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    const text = bytes.toString('latin1', start, buf.length);
    let nextHigh = -1;
    for (let i = 0; i < n; i++) {
      if (!present(i)) {
        values[i] = null;
        continue;
      }
      const len = r.varint();
      const pos = r.pos;
      const c0 = pos - start;
      if (nextHigh < c0) {
        HIGH.lastIndex = c0;
        nextHigh = HIGH.exec(text)?.index ?? Infinity;
      }
      values[i] = nextHigh < c0 + len ? bytes.toString('utf8', pos, pos + len) : text.slice(c0, c0 + len);
      r.pos = pos + len;
    }
    return values;
  }
  for (let i = 0; i < n; i++) values[i] = present(i) ? decodeValue(r, type) : null;
  return values;
}
