import type { TimeUnit } from '@sluice/pipeline-core';

const NS_PER: Record<TimeUnit, bigint> = { s: 1_000_000_000n, ms: 1_000_000n, us: 1_000n, ns: 1n };

/** The smallest value in `unit` whose instant is at or after `ns`. */
export function ceilToUnit(ns: bigint, unit: TimeUnit): bigint {
  const d = NS_PER[unit];
  const q = ns / d;
  return q * d < ns ? q + 1n : q;
}

/** The TTL cut-off in the column's unit: rows with a time index below it are expired. */
export function ttlCutoff(nowMs: number, ttlMs: number, unit: TimeUnit): bigint {
  return ceilToUnit(BigInt(Math.floor(nowMs - ttlMs)) * 1_000_000n, unit);
}

/** A duration given in nanoseconds, counted in `unit` (at least 1). */
export function spanInUnit(ns: bigint, unit: TimeUnit): bigint {
  const v = ns / NS_PER[unit];
  return v > 0n ? v : 1n;
}
