import { toJsonText, type ColumnType, type Value } from '@sluice/pipeline-core';
import type { ByteReader } from './byte-reader.js';
import type { ByteWriter } from './byte-writer.js';

/**
 * One stored value of a known column type (type-directed, no per-value tag except for 64-bit
 * integers, which are kept as a double while safe). Small integers are zigzag varints.
 */
export function encodeValue(w: ByteWriter, type: ColumnType, v: Value): void {
  switch (type) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
      const n = v as number;
      w.varint(n >= 0 ? n * 2 : -n * 2 - 1);
      return;
    }
    case 'int64': case 'uint64':
      if (typeof v === 'number') {
        w.u8(0);
        w.f64(v);
      } else if (type === 'int64') {
        w.u8(1);
        w.i64(v as bigint);
      } else {
        w.u8(1);
        w.u64(v as bigint);
      }
      return;
    case 'float32':
      w.f32(v as number);
      return;
    case 'float64':
      w.f64(v as number);
      return;
    case 'string':
      w.string(v as string);
      return;
    case 'boolean':
      w.u8(v ? 1 : 0);
      return;
    case 'json':
      w.string(toJsonText(v));
      return;
    case 'binary':
      w.bytes(v as Uint8Array);
      return;
    default:
      w.i64(v as bigint);
  }
}

export function decodeValue(r: ByteReader, type: ColumnType): Value {
  switch (type) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32': {
      const z = r.varint();
      return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    }
    case 'int64': case 'uint64':
      if (r.u8() === 0) return r.f64();
      return type === 'int64' ? r.i64() : r.u64();
    case 'float32':
      return r.f32();
    case 'float64':
      return r.f64();
    case 'string':
      return r.string();
    case 'boolean':
      return r.u8() === 1;
    case 'json':
      return JSON.parse(r.string()) as Value;
    case 'binary':
      return r.bytes();
    default:
      return r.i64();
  }
}

/** Advances past one value without materialising it. */
export function skipValue(r: ByteReader, type: ColumnType): void {
  switch (type) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      r.varint();
      return;
    case 'int64': case 'uint64':
      r.skip(9);
      return;
    case 'float32':
      r.skip(4);
      return;
    case 'boolean':
      r.skip(1);
      return;
    case 'string': case 'json': case 'binary':
      r.skip(r.varint());
      return;
    default:
      r.skip(8);
  }
}
