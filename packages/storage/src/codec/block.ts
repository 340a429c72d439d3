import { compressSync, uncompressSync } from 'lz4-napi';
import type { ByteReader } from './byte-reader.js';
import type { ByteWriter } from './byte-writer.js';

/**
 * A compressed section of a chunk: `u8 codec | varint storedLength | stored bytes`.
 * Codec 0 stores the bytes as they are, codec 1 is LZ4 (lz4-napi's block format with the raw length
 * prepended). A section is compressed when it is at least MIN_COMPRESS bytes and LZ4 saves at least
 * an eighth; the length lets a reader skip a section without touching it.
 */
export const CODEC_NONE = 0;
export const CODEC_LZ4 = 1;
const MIN_COMPRESS = 64;

export function writeBlock(w: ByteWriter, raw: Uint8Array): void {
  let codec = CODEC_NONE;
  let stored: Uint8Array = raw;
  if (raw.length >= MIN_COMPRESS) {
    const z = compressSync(raw as Buffer);
    if (z.length < raw.length - (raw.length >> 3)) {
      codec = CODEC_LZ4;
      stored = z;
    }
  }
  w.u8(codec);
  w.bytes(stored);
}

/** Reads a block at the reader's position (advancing past it) and returns its raw bytes. */
export function readBlock(r: ByteReader): Buffer {
  const codec = r.u8();
  const n = r.varint();
  const at = r.pos;
  r.skip(n);
  const stored = Buffer.from(r.buf.buffer, r.buf.byteOffset + at, n);
  if (codec === CODEC_NONE) return stored;
  if (codec === CODEC_LZ4) return uncompressSync(stored);
  throw new Error(`unknown chunk codec ${codec}`);
}

/** Advances the reader past a block without decoding it. */
export function skipBlock(r: ByteReader): void {
  r.u8();
  r.skip(r.varint());
}
