import { MAX_TS, MIN_TS, TS_OFFSET } from './row-key.js';

/**
 * Keys of the `series_chunks` database (tables without append_mode): the samples of one series are
 * stored together, in chunks ordered by their first time:
 *
 *   u32 storageId | u32 seriesId | u64 minTime (sign bit flipped, big-endian) | u64 seq
 *
 * `minTime` is a lower bound of the chunk's times (a chunk rewritten by a delete keeps its key), and
 * every chunk's times lie in [minTime, minTime + span) (series-chunk-span.ts), so the chunks holding
 * times ≥ t start at key (series, t − span + 1). `seq` orders writes: where two chunks of one series hold
 * the same time, the one with the higher seq is the later write.
 */
export const SERIES_CHUNK_KEY_LEN = 24;

export function seriesChunkKey(storageId: number, seriesId: number, minTs: bigint, seq: number): Buffer {
  const key = Buffer.allocUnsafe(SERIES_CHUNK_KEY_LEN);
  key.writeUInt32BE(storageId, 0);
  key.writeUInt32BE(seriesId, 4);
  key.writeBigUInt64BE(clamp(minTs) + TS_OFFSET, 8);
  key.writeUInt32BE(Math.floor(seq / 0x1_0000_0000), 16);
  key.writeUInt32BE(seq >>> 0, 20);
  return key;
}

/** The first key of a series at or after time `ts` (clamped to the int64 range). */
export function seriesTimeBound(storageId: number, seriesId: number, ts: bigint): Buffer {
  const key = Buffer.allocUnsafe(16);
  key.writeUInt32BE(storageId, 0);
  key.writeUInt32BE(seriesId, 4);
  key.writeBigUInt64BE(clamp(ts) + TS_OFFSET, 8);
  return key;
}

/** The first key after every chunk of the series. */
export function seriesEnd(storageId: number, seriesId: number): Buffer {
  const key = Buffer.allocUnsafe(8);
  if (seriesId >= 0xffff_ffff) {
    key.writeUInt32BE(storageId + 1, 0);
    key.writeUInt32BE(0, 4);
  } else {
    key.writeUInt32BE(storageId, 0);
    key.writeUInt32BE(seriesId + 1, 4);
  }
  return key;
}

export function seriesStart(storageId: number, seriesId: number): Buffer {
  const key = Buffer.allocUnsafe(8);
  key.writeUInt32BE(storageId, 0);
  key.writeUInt32BE(seriesId, 4);
  return key;
}

export const keyChunkSeries = (key: Buffer): number => key.readUInt32BE(4);
export const keyChunkMin = (key: Buffer): bigint => key.readBigUInt64BE(8) - TS_OFFSET;
export const keyChunkSeq = (key: Buffer): number => key.readUInt32BE(16) * 0x1_0000_0000 + key.readUInt32BE(20);

function clamp(ts: bigint): bigint {
  return ts < MIN_TS ? MIN_TS : ts > MAX_TS ? MAX_TS : ts;
}
