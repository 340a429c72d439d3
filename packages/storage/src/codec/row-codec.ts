import type { ColumnType, Value } from '@sluice/pipeline-core';
import type { ByteReader } from './byte-reader.js';
import type { ByteWriter } from './byte-writer.js';
import { decodeValue, encodeValue, skipValue } from './value-codec.js';

/**
 * A row's field values: `varint slotCount | null bitmap (1 bit per slot) | non-null values`.
 * Slots follow the table's field columns in creation order, so added columns only append slots;
 * trailing nulls are not written, and slots an older row lacks read as missing.
 */
export function encodeRow(w: ByteWriter, types: readonly ColumnType[], values: readonly Value[]): void {
  let n = values.length;
  while (n > 0 && values[n - 1] === null) n--;
  w.varint(n);
  const bitmapAt = w.pos;
  const bitmapLen = (n + 7) >> 3;
  w.ensure(bitmapLen);
  w.buf.fill(0, bitmapAt, bitmapAt + bitmapLen);
  w.pos += bitmapLen;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v === null) continue;
    w.buf[bitmapAt + (i >> 3)]! |= 1 << (i & 7);
    encodeValue(w, types[i]!, v);
  }
}

/**
 * Decodes the slots into `out` (length = types.length): wanted slots get their value, others are
 * skipped; slots the row does not carry are set to `undefined` (the caller applies defaults).
 */
export function decodeRow(r: ByteReader, types: readonly ColumnType[], wanted: readonly boolean[], out: (Value | undefined)[]): void {
  const n = r.varint();
  const bitmapAt = r.pos;
  r.skip((n + 7) >> 3);
  const buf = r.buf;
  const m = Math.min(n, types.length);
  let lastWanted = m - 1;
  while (lastWanted >= 0 && !wanted[lastWanted]) lastWanted--;
  for (let i = 0; i < m; i++) {
    if (i > lastWanted) {
      out[i] = null;
      continue;
    }
    if ((buf[bitmapAt + (i >> 3)]! & (1 << (i & 7))) === 0) out[i] = null;
    else if (wanted[i]) out[i] = decodeValue(r, types[i]!);
    else {
      skipValue(r, types[i]!);
      out[i] = null;
    }
  }
  for (let i = m; i < types.length; i++) out[i] = undefined;
}
