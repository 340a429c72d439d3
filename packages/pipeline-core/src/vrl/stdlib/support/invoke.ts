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
