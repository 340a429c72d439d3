import protobuf from 'protobufjs';

/**
 * A streaming reader for remote write 1.0 `WriteRequest` bytes on protobufjs's `Reader`: labels and
 * samples go straight into the caller's callbacks, with no object per sample and no `Long` per
 * timestamp (the generic decoder allocates both). Unknown fields (exemplars, native histograms,
 * metadata) are skipped by wire type.
 */
export interface WriteRequestVisitor {
  /** A new series begins. */
  series(): void;
  label(name: string, value: string): void;
  sample(value: number, timestampMs: number): void;
  metadata(): void;
}

const TWO_32 = 4294967296;

function readInt64(r: protobuf.Reader): number {
  // int64 as a varint: read as two 32-bit halves through the library, combined as a double.
  const long = r.int64() as unknown as { low: number; high: number } | number;
  if (typeof long === 'number') return long;
  return long.high * TWO_32 + (long.low >>> 0);
}

function readLabel(r: protobuf.Reader, end: number, v: WriteRequestVisitor): void {
  let name = '';
  let value = '';
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag >>> 3) {
      case 1:
        name = r.string();
        break;
      case 2:
        value = r.string();
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  v.label(name, value);
}

function readSample(r: protobuf.Reader, end: number, v: WriteRequestVisitor): void {
  let value = 0;
  let ts = 0;
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag >>> 3) {
      case 1:
        value = r.double();
        break;
      case 2:
        ts = readInt64(r);
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  v.sample(value, ts);
}

function readSeries(r: protobuf.Reader, end: number, v: WriteRequestVisitor): void {
  v.series();
  while (r.pos < end) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if ((field === 1 || field === 2) && (tag & 7) === 2) {
      const len = r.uint32();
      const stop = r.pos + len;
      if (field === 1) readLabel(r, stop, v);
      else readSample(r, stop, v);
    } else {
      r.skipType(tag & 7);
    }
  }
}

export function readWriteRequest(bytes: Uint8Array, v: WriteRequestVisitor): void {
  const r = protobuf.Reader.create(bytes);
  while (r.pos < r.len) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if (field === 1 && (tag & 7) === 2) {
      const len = r.uint32();
      readSeries(r, r.pos + len, v);
    } else if (field === 3 && (tag & 7) === 2) {
      r.skipType(2);
      v.metadata();
    } else {
      r.skipType(tag & 7);
    }
  }
}
