import { MAX_TS, MIN_TS, TS_OFFSET } from './row-key.js';

/**
 * Append-mode tables keep rows in column chunks (see codec/chunk-codec.ts), with two keys per chunk:
 *   chunks      u32 storageId | u64 minTs | u64 seq  → chunk bytes      (ascending scans, by first time)
 *   chunk_ends  u32 storageId | u64 maxTs | u64 seq  → u64 minTs        (descending scans, by last time)
 * Times are sign-flipped big-endian so keys sort by time. A chunk never spans more than CHUNK_SPAN_NS,
 * so an ascending scan from time t starts at t − span and a descending scan to t at t + span.
 */
export const CHUNK_KEY_LEN = 20;
export const CHUNK_SPAN_NS = 60_000_000_000n;

export function chunkKey(storageId: number, ts: bigint, seq: number): Buffer {
  const key = Buffer.allocUnsafe(CHUNK_KEY_LEN);
  key.writeUInt32BE(storageId, 0);
  key.writeBigUInt64BE(clamp(ts) + TS_OFFSET, 4);
  key.writeUInt32BE(Math.floor(seq / 0x1_0000_0000), 12);
  key.writeUInt32BE(seq >>> 0, 16);
  return key;
}

export function chunkKeyTime(key: Buffer): bigint {
  return key.readBigUInt64BE(4) - TS_OFFSET;
}

export function chunkKeySeq(key: Buffer): number {
  return key.readUInt32BE(12) * 0x1_0000_0000 + key.readUInt32BE(16);
}

function clamp(ts: bigint): bigint {
  return ts < MIN_TS ? MIN_TS : ts > MAX_TS ? MAX_TS : ts;
}
