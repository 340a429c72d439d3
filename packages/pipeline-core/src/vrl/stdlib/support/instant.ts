import { Timestamp } from '../../../value/timestamp.js';

/** A UTC instant (month from 0, as Date.UTC) as a nanosecond timestamp, the unit VRL functions produce. */
export function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Timestamp {
  return new Timestamp(BigInt(Date.UTC(y, mo, d, h, mi, s, ms)) * 1_000_000n);
}
