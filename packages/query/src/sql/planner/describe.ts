import type { Predicate } from '@sluice/storage';
import { stringifyExact, Timestamp, toPlain, type Value } from '@sluice/pipeline-core';

/** A pushed-down predicate as EXPLAIN prints it (`host = 'web-1'`, `ts >= 1772323200000`). */
export function describePredicate(p: Predicate): string {
  if (p.op === 'is_null') return `${p.column} IS NULL`;
  if (p.op === 'is_not_null') return `${p.column} IS NOT NULL`;
  const v = (x: Value): string => (typeof x === 'string' ? `'${x.replace(/'/g, "''")}'` : stringifyExact(toPlain(x)));
  if (p.op === 'in' || p.op === 'not_in') return `${p.column} ${p.op === 'in' ? 'IN' : 'NOT IN'} (${(p.value as Value[]).map(v).join(', ')})`;
  return `${p.column} ${p.op} ${v(p.value ?? null)}`;
}

/** A scan's time range as EXPLAIN prints it: `time=[2026-03-01T00:01:00Z, +inf)`. */
export function describeTimeRange(r: { startNs?: bigint; endNs?: bigint }): string {
  const at = (ns: bigint | undefined, open: string) => (ns === undefined ? open : new Timestamp(ns).toISOString());
  return `time=[${at(r.startNs, '-inf')}, ${at(r.endNs, '+inf')})`;
}
