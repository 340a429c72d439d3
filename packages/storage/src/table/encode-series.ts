import type { Value } from '@sluice/pipeline-core';
import type { TableRecord } from '../catalog/table-record.js';
import type { EncodedSeriesWrite, WriteLayout } from '../store.js';
import { compiledLayout, prepareAhead, type AheadRequest } from './prepare-ahead.js';
import { encodeSeriesGroups } from './series-chunk-write.js';

/**
 * A write to a table without append_mode prepared and encoded away from the store's thread (on an
 * ingest worker), against the table's catalog record (`Store.writeLayout(db, table, true)`): rows
 * validated and normalised, grouped by series, deduplicated per time (merge mode included) and each
 * series' chunks encoded, exactly as the store does it itself (encodeSeriesGroups). The store only
 * resolves each chunk's series and stores the bytes when the table is still at that record.
 *
 * All chunk bytes share one buffer of their own (transferable without a copy). Undefined when the write
 * cannot be encoded ahead: the table is append-mode, the write adds or changes columns, or a row is
 * invalid (the store then writes the rows and reports the error itself).
 */
export function encodeSeriesWrite(layout: WriteLayout, req: AheadRequest): EncodedSeriesWrite | undefined {
  const record = layout as TableRecord;
  const t = compiledLayout(record);
  if (t.opts.appendMode || req.rows.length === 0) return undefined;
  const rows = prepareAhead(t, req);
  if (rows === undefined) return undefined;
  const parts: { tags: readonly Value[]; min: bigint; rows: number; bytes: Buffer }[] = [];
  let size = 0;
  for (const step of encodeSeriesGroups(t, rows)) {
    for (const c of step) {
      parts.push(c);
      size += c.bytes.length;
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  const chunks = parts.map((c) => {
    const view = bytes.subarray(at, at + c.bytes.length);
    view.set(c.bytes);
    at += c.bytes.length;
    return { tags: c.tags, min: c.min, rows: c.rows, bytes: view };
  });
  return { kind: 'series', tableId: record.id, version: record.version, count: rows.count, chunks };
}
