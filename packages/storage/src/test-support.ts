import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore, type LmdbStore } from './lmdb-store.js';
import type { ColumnBatch, ScanRequest, Store, WriteRequest } from './store.js';

/** Test helpers (not exported from the package): collect a scan into plain rows. */
export async function collect(store: Store, req: ScanRequest): Promise<Record<string, Value>[]> {
  const rows: Record<string, Value>[] = [];
  for await (const b of store.scan(req)) rows.push(...batchRows(b));
  return rows;
}

export function batchRows(b: ColumnBatch): Record<string, Value>[] {
  const out: Record<string, Value>[] = [];
  for (let i = 0; i < b.length; i++) {
    const row: Record<string, Value> = {};
    for (const c of b.columns) row[c.name] = c.values[i]!;
    out.push(row);
  }
  return out;
}

export async function count(store: Store, req: ScanRequest): Promise<number> {
  let n = 0;
  for await (const b of store.scan({ ...req, columns: [] })) n += b.length;
  return n;
}

export const LOG_SCHEMA: readonly ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'level', type: 'string', semantic: 'field' },
  { name: 'latency', type: 'float64', semantic: 'field' },
];

/** `n` rows for LOG_SCHEMA from time `start` (ms): hosts a/b alternate, every third row is an error. */
export function sampleRows(n: number, start = 1000): Value[][] {
  return Array.from({ length: n }, (_, i) => [start + i, i % 2 ? 'b' : 'a', i % 3 ? 'info' : 'error', i * 1.5]);
}

/**
 * A write of LOG_SCHEMA rows to `public.<table>` (with `encoded` when given) whose `rows` getter counts
 * how often the store asks for the rows (a write encoded ahead should not).
 */
export function countedWrite(table: string, rows: Value[][], encoded: WriteRequest['encoded']): { req: WriteRequest; reads: () => number } {
  let reads = 0;
  const req: WriteRequest = {
    db: 'public',
    table,
    schema: LOG_SCHEMA,
    ...(encoded !== undefined ? { encoded } : {}),
    get rows() {
      reads++;
      return rows;
    },
  };
  return { req, reads: () => reads };
}

/** A store in a fresh temp directory (pushed to `dirs` for the caller to remove), never flushed to disk. */
export async function tempStore(dirs: string[], prefix: string): Promise<LmdbStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0, noSync: true });
}
