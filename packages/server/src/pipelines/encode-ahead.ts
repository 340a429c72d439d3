import { encodeAppendWrite } from '@sluice/storage/encode';
import type { WriteLayout } from '@sluice/storage';
import { encodedTable } from '../workers/protocol.js';
import type { RunResult } from './compiler.js';

/** Rows encoded ahead on this thread at most (a few ms of work; the store prepares larger writes in slices). */
export const MAX_AHEAD_ROWS = 4_096;

/**
 * A pipeline run's unsuffixed table encoded against its target table's layout on this thread, as a
 * pipeline worker does it (pipeline-worker.ts): the store's transaction then only stores bytes, and the
 * rows are garbage as soon as they are encoded. Kept as rows until the transaction (which waits for the
 * previous commit's flush) they outlived young-generation collections with several requests in flight and
 * were promoted: about a third of what the main thread allocated per row, and 2 s of scavenges per 1M
 * nginx rows. A table that cannot be encoded ahead (not append-mode, new columns, a bad row) keeps its
 * rows; should the table change before the commit, the write asks for them and the request runs again
 * (EncodedRowsDropped).
 *
 * Encoding runs in one piece, holding the thread: a table of more than MAX_AHEAD_ROWS rows keeps them,
 * and the store prepares it in slices that yield to the event loop (storage's pre-write.ts).
 */
export function encodeAhead(result: RunResult, layout: WriteLayout): RunResult {
  const tables = result.tables.map((t) => {
    if (t.suffix !== '' || t.encoded !== undefined || t.rows.length === 0 || t.rows.length > MAX_AHEAD_ROWS) return t;
    const encoded = encodeAppendWrite(layout, t);
    return encoded === undefined ? t : encodedTable({ suffix: t.suffix, options: t.options, schema: t.schema, count: t.rows.length }, encoded);
  });
  return { tables, errors: result.errors };
}
