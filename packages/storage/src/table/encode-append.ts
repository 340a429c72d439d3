import type { Value } from '@sluice/pipeline-core';
import type { TableRecord } from '../catalog/table-record.js';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeChunkHead, encodeFieldBlocks } from '../codec/chunk-codec.js';
import { encodeChunkMeta } from '../codec/chunk-stats.js';
import { writeTextIndex } from '../codec/text-index.js';
import type { EncodedAppendChunk, EncodedAppendWrite, WriteLayout } from '../store.js';
import { cutChunks } from './chunk-write.js';
import { fulltextSlots } from './fulltext-slots.js';
import { compiledLayout, prepareAhead, type AheadRequest } from './prepare-ahead.js';

/**
 * An append-mode write prepared and encoded away from the store's thread (on a pipeline worker), against
 * the table's catalog record (`Store.writeLayout`): rows validated and normalised, sorted by time, cut
 * into chunks and each chunk encoded but for its series block (series ids are resolved when the write
 * commits). The store writes these bytes when the table is still at that record (txWrite), so its
 * thread only resolves series and stores bytes.
 *
 * Undefined when the write cannot be encoded ahead: the table is not append-mode, the write adds or
 * changes columns, or a row is invalid (the store then writes the rows and reports the error itself).
 */
export function encodeAppendWrite(layout: WriteLayout, req: AheadRequest): EncodedAppendWrite | undefined {
  const record = layout as TableRecord;
  const t = compiledLayout(record);
  if (!t.opts.appendMode || req.rows.length === 0) return undefined;
  const rows = prepareAhead(t, req);
  if (rows === undefined) return undefined;
  const n = rows.count;
  const order = Array.from({ length: n }, (_, i) => i);
  const tags: Value[][] = t.tags.map(() => []);
  const spans: { min: bigint; max: bigint; rows: number; head: [number, number]; fields: [number, number]; meta: Buffer }[] = [];
  const w = new ByteWriter(64 * n + 1024);
  const ft = fulltextSlots(t);
  // `series` carries the row indices through the sort: they pick each chunk's tag values.
  for (const c of cutChunks(t, rows, order)) {
    const m = c.ts.length;
    const h0 = w.pos;
    encodeChunkHead(w, record.id, c.ts, c.fields);
    const f0 = w.pos;
    const stats = encodeFieldBlocks(w, t.fieldTypes, c.fields, m);
    writeTextIndex(w, ft, c.fields);
    const min = c.ts[0]!;
    const max = c.ts[m - 1]!;
    spans.push({ min, max, rows: m, head: [h0, f0], fields: [f0, w.pos], meta: encodeChunkMeta(t.fieldTypes, min, record.id, m, stats) });
    for (let s = 0; s < tags.length; s++) {
      const col = rows.tags[s]!;
      const out = tags[s]!;
      for (let i = 0; i < m; i++) out.push(col[c.series[i]!]!);
    }
  }
  // One buffer of its own (transferable to another thread without a copy) for every chunk's bytes.
  const metaBytes = spans.reduce((a, s) => a + s.meta.length, 0);
  const bytes = new Uint8Array(w.pos + metaBytes);
  bytes.set(w.buf.subarray(0, w.pos));
  let at = w.pos;
  const chunks = spans.map((s): EncodedAppendChunk => {
    const meta = bytes.subarray(at, at + s.meta.length);
    meta.set(s.meta);
    at += s.meta.length;
    return { min: s.min, max: s.max, rows: s.rows, head: bytes.subarray(s.head[0], s.head[1]), fields: bytes.subarray(s.fields[0], s.fields[1]), meta };
  });
  return { tableId: record.id, version: record.version, count: n, tags, chunks };
}
