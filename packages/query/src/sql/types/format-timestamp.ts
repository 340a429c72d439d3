import type { SqlType } from './sql-value.js';

/** `2026-03-01 00:30:00.123` (UTC), fraction digits by the type's unit, as GreptimeDB prints casts to string. */
export function formatTimestamp(ns: bigint, type: SqlType): string {
  const ms = ns / 1_000_000n - (ns < 0n && ns % 1_000_000n !== 0n ? 1n : 0n);
  const base = new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ');
  const fracNs = ((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n;
  const digits = type === 'timestamp_ms' ? 3 : type === 'timestamp_us' ? 6 : type === 'timestamp_ns' ? 9 : 0;
  if (digits === 0) return base;
  return `${base}.${fracNs.toString().padStart(9, '0').slice(0, digits)}`;
}
