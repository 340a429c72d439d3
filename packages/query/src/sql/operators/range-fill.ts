import { SqlExecutionError } from '../errors.js';
import type { SqlValue } from '../types/sql-value.js';

/** A range query's fill, compiled: the constant already cast to the call's type. */
export type FillPlan =
  | { readonly kind: 'null' }
  | { readonly kind: 'prev' }
  | { readonly kind: 'linear'; readonly float32: boolean }
  | { readonly kind: 'const'; readonly value: SqlValue };

/**
 * Fills the NULLs of one series' values, `ts` ascending (window starts in milliseconds), as GreptimeDB's
 * range query does: PREV carries the last value forward, a constant replaces them, LINEAR
 * interpolates between the nearest values and extrapolates the leading and trailing runs from the
 * two nearest values (it needs at least two).
 */
export function applyFill(fill: FillPlan, ts: readonly number[], data: SqlValue[]): void {
  switch (fill.kind) {
    case 'null':
      return;
    case 'prev':
      for (let i = 1; i < data.length; i++) if (data[i] === null) data[i] = data[i - 1]!;
      return;
    case 'const':
      for (let i = 0; i < data.length; i++) if (data[i] === null) data[i] = fill.value;
      return;
    case 'linear':
      fillLinear(ts, data, fill.float32);
  }
}

function fillLinear(ts: readonly number[], data: SqlValue[], float32: boolean): void {
  let present = 0;
  for (const v of data) if (v !== null) present++;
  if (present < 2) return;
  const n = data.length;
  let head: number | undefined;
  let tail: number | undefined;
  let i = 0;
  while (i < n) {
    let start = i;
    while (start < n && data[start] !== null) start++;
    if (start === n) break;
    let end = start;
    while (end < n && data[end] === null) end++;
    i = end + 1;
    // The leading and trailing runs are extrapolated once every inner gap is filled.
    if (start === 0) head = end;
    else if (end === n) tail = start;
    else interpolate(ts, data, start - 1, end, start, end, float32);
  }
  if (head !== undefined) interpolate(ts, data, head, head + 1, 0, head, float32);
  if (tail !== undefined) interpolate(ts, data, tail - 2, tail - 1, tail, n, float32);
}

/** Sets `data[start..end)` on the line through points `i1` and `i2`. */
function interpolate(ts: readonly number[], data: SqlValue[], i1: number, i2: number, start: number, end: number, float32: boolean): void {
  const x0 = ts[i1]!;
  const x1 = ts[i2]!;
  const y0 = data[i1];
  const y1 = data[i2];
  if (typeof y0 !== 'number' || typeof y1 !== 'number') throw new SqlExecutionError('RangePlan: Apply Fill LINEAR strategy on Non-floating type');
  for (let i = start; i < end; i++) {
    const v = y0 + ((y1 - y0) / (x1 - x0)) * (ts[i]! - x0);
    data[i] = float32 ? Math.fround(v) : v;
  }
}
