import type { Value } from '@sluice/pipeline-core';
import { colValue } from '../codec/series-chunk-codec.js';
import type { TableState } from '../catalog/table-state.js';
import { valueColumn } from './prepare-rows.js';
import { cutSeries, type SeriesChunkInput } from './series-chunk-write.js';
import { resolveChunks, type StoredChunk } from './series-run.js';

/**
 * One series' chunks resolved into rows over [start, endExclusive) (later writes win, as reads resolve them) and cut
 * into new chunks again; undefined when no row is left. Pure: the caller removes the old chunks and stores the new
 * ones (compaction's rewrite, the head fold's merge).
 */
export function recutChunks(t: TableState, sid: number, chunks: readonly StoredChunk[], start: bigint, endExclusive: bigint): SeriesChunkInput[] | undefined {
  const run = resolveChunks(t, chunks, start, endExclusive);
  if (run === undefined) return undefined;
  const slots = Math.max(...chunks.map((c) => c.view.slots));
  const ts: bigint[] = new Array(run.n);
  for (let k = 0; k < run.n; k++) ts[k] = run.base + BigInt(run.offs[k]!);
  const fields: (Value | undefined)[][] = [];
  for (let s = 0; s < slots; s++) {
    const col = run.col(s);
    const out: (Value | undefined)[] = valueColumn(run.n);
    for (let k = 0; k < run.n; k++) out[k] = colValue(col, k);
    fields.push(out);
  }
  const idx = Array.from({ length: run.n }, (_, k) => k);
  const out: SeriesChunkInput[] = [];
  cutSeries(t, sid, idx, ts, fields, out);
  return out;
}
