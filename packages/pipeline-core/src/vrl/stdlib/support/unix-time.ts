import { Timestamp, type TimeUnit } from '../../../value/timestamp.js';
import { VrlFunctionError } from '../function.js';

export const UNIX_UNITS = { seconds: 's', milliseconds: 'ms', microseconds: 'us', nanoseconds: 'ns' } as const satisfies Record<string, TimeUnit>;
export type UnixUnitName = keyof typeof UNIX_UNITS;
export const UNIX_UNIT_NAMES = Object.keys(UNIX_UNITS) as UnixUnitName[];

const NS_PER: Record<TimeUnit, number> = { s: 1e9, ms: 1e6, us: 1e3, ns: 1 };
const MAX_NS = 2n ** 63n - 1n;

/** A count of `unit`s since the epoch (a float keeps its fraction) as a timestamp in the i64-ns range. */
export function fromUnix(value: number | bigint, unit: UnixUnitName): Timestamp {
  const u = UNIX_UNITS[unit];
  let ns: bigint;
  if (typeof value === 'bigint') ns = value * BigInt(NS_PER[u]);
  else if (Number.isInteger(value)) ns = BigInt(value) * BigInt(NS_PER[u]);
  else if (Number.isFinite(value)) ns = BigInt(Math.round(value * NS_PER[u]));
  else throw new VrlFunctionError(`unable to convert ${value} into a timestamp`);
  if (ns > MAX_NS || ns < -MAX_NS - 1n) throw new VrlFunctionError(`unable to convert ${value} ${unit} into a timestamp: out of range`);
  return new Timestamp(ns, u);
}
