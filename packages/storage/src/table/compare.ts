import { toJsonText, type Value } from '@sluice/pipeline-core';

/**
 * Orders two non-null stored values of the same column; NaN when they cannot be ordered. Numbers are
 * totally ordered as in GreptimeDB (DataFusion): a NaN equals a NaN and is greater than every number.
 */
export function compareValues(a: Value, b: Value): number {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a == b) return 0;
    const nanA = typeof a === 'number' && Number.isNaN(a);
    const nanB = typeof b === 'number' && Number.isNaN(b);
    return nanA === nanB ? 0 : nanA ? 1 : -1;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b);
  return toJsonText(a) === toJsonText(b) ? 0 : NaN;
}
