/**
 * Row keys in the `rows` database (tables without append_mode), ordered so one table's rows are
 * contiguous and sorted by time:
 *
 *   u32 storageId | u64 time (sign bit flipped, big-endian) | u32 seriesId
 *
 * A second row for the same series (tag set) and time has the same key and replaces the first:
 * one row per primary key + time index. Append-mode tables use column chunks instead (chunk-key.ts).
 */
export const TS_OFFSET = 1n << 63n;
const PREFIX_LEN = 4;
const BOUND_LEN = 12;
export const ROW_KEY_LEN = 16;

export const MIN_TS = -(1n << 63n);
export const MAX_TS = (1n << 63n) - 1n;

export function rowKey(storageId: number, ts: bigint, seriesId: number): Buffer {
  return writeRowKey(Buffer.allocUnsafe(ROW_KEY_LEN), storageId, ts, seriesId);
}

/** Writes a row key into `key` (ROW_KEY_LEN bytes) and returns it. */
export function writeRowKey(key: Buffer, storageId: number, ts: bigint, seriesId: number): Buffer {
  key.writeUInt32BE(storageId, 0);
  key.writeBigUInt64BE(ts + TS_OFFSET, 4);
  key.writeUInt32BE(seriesId, 12);
  return key;
}

/** The first key at or after `ts` in a table (`ts` clamped to the int64 range). */
export function timeBound(storageId: number, ts: bigint): Buffer {
  const key = Buffer.allocUnsafe(BOUND_LEN);
  key.writeUInt32BE(storageId, 0);
  const t = ts < MIN_TS ? MIN_TS : ts > MAX_TS ? MAX_TS : ts;
  key.writeBigUInt64BE(t + TS_OFFSET, 4);
  return key;
}

/** The first key after every row of the table. */
export function tableEnd(storageId: number): Buffer {
  const key = Buffer.alloc(PREFIX_LEN);
  key.writeUInt32BE(storageId + 1, 0);
  return key;
}

export function tableStart(storageId: number): Buffer {
  const key = Buffer.alloc(PREFIX_LEN);
  key.writeUInt32BE(storageId, 0);
  return key;
}

export function keyTime(key: Buffer): bigint {
  return key.readBigUInt64BE(4) - TS_OFFSET;
}

export function keySeries(key: Buffer): number {
  return key.readUInt32BE(12);
}
