import type { Batch } from '../sql/expr/relation.js';
import type { SqlType, SqlValue } from '../sql/types/sql-value.js';

/** A rough size of one value in memory: what budgets count (exact sizes are not observable in JS). */
export function valueBytes(v: SqlValue): number {
  if (typeof v === 'string') return 16 + v.length;
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? 16 : 8;
  if (v instanceof Uint8Array) return 16 + v.byteLength;
  if (Array.isArray(v)) {
    let n = 16;
    for (const x of v) n += valueBytes(x as SqlValue);
    return n;
  }
  return 64;
}

const FIXED = new Set<string>(['null', 'boolean', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64', 'timestamp_s', 'timestamp_ms', 'timestamp_us', 'timestamp_ns', 'interval']);

/** Estimated bytes of the rows of a batch; fixed-width columns (by their static type) are not walked. */
export function batchBytes(b: Batch, types?: readonly SqlType[]): number {
  let n = 0;
  for (let c = 0; c < b.columns.length; c++) {
    const t = types?.[c];
    if (t !== undefined && FIXED.has(t)) {
      n += 16 * b.length;
      continue;
    }
    const col = b.columns[c]!;
    for (let i = 0; i < b.length; i++) n += valueBytes(col[i]!);
  }
  return n;
}
