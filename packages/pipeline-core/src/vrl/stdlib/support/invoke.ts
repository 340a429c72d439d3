import { Timestamp } from '../../../value/timestamp.js';
import type { VrlValue } from '../../value.js';
import type { VrlClosure, VrlFunction } from '../function.js';

/**
 * Calls a function directly with named arguments, defaults filled in and its one-time preparation
 * done, as the compiler would. Used by the unit tests beside the functions.
 */
export function invoke(fn: VrlFunction, args: Record<string, VrlValue>, options: { now?: Timestamp; closure?: VrlClosure } = {}): VrlValue {
  const full: Record<string, VrlValue | undefined> = {};
  for (const p of fn.params) full[p.name] = Object.hasOwn(args, p.name) ? args[p.name] : p.default;
  const compiled = fn.compile?.({});
  return fn.call(full, { now: options.now ?? Timestamp.fromMillis(Date.UTC(2024, 0, 1)) }, compiled, options.closure);
}

/** A UTC instant (month from 0, as Date.UTC) as a nanosecond timestamp, the unit VRL functions produce. */
export function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Timestamp {
  return new Timestamp(BigInt(Date.UTC(y, mo, d, h, mi, s, ms)) * 1_000_000n);
}
