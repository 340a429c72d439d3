import type { Value } from '@sluice/pipeline-core';

/**
 * An empty growable array whose elements stay boxed: V8 keeps an array of only numbers as raw
 * doubles and canonicalizes a NaN stored there, losing its payload (Prometheus's staleness marker).
 */
export function boxedArray(): Value[] {
  const a: Value[] = [null];
  a.pop();
  return a;
}
