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
