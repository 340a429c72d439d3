import SnappyJS from 'snappyjs';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

/** Reads the uncompressed length that a snappy block declares in its varint preamble; -1 if malformed. */
export function snappyDeclaredLength(buf: Uint8Array): number {
  let result = 0;
  for (let i = 0, shift = 0; i < 5 && i < buf.length; i++, shift += 7) {
    const b = buf[i]!;
    result += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return result;
  }
  return -1;
}

/**
 * Undoes snappy **block** compression (what Prometheus remote write/read and Loki push send; not the
 * framed format). The declared size is checked against `maxBytes` before anything is allocated:
 * 413 beyond it, 400 for a corrupt block, naming `what` (e.g. "remote write body").
 */
export function snappyDecode(buf: Uint8Array, maxBytes: number, what: string): Uint8Array {
  const declared = snappyDeclaredLength(buf);
  if (declared < 0) throw new HttpRequestError(StatusCode.InvalidArguments, 400, `${what}: not a snappy block (bad length preamble)`);
  if (declared > maxBytes) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 413, `${what}: snappy block declares ${declared} bytes, over the body limit of ${maxBytes} bytes`);
  }
  try {
    return SnappyJS.uncompress(buf instanceof Buffer ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf, maxBytes);
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `${what}: corrupt snappy data: ${(e as Error).message}`, { cause: e });
  }
}

export function snappyEncode(buf: Uint8Array): Uint8Array {
  return SnappyJS.compress(buf instanceof Buffer ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf);
}
