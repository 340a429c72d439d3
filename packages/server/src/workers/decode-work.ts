// Worker side of a DecodeTask: a protocol body decoded into one write per table, as the main thread
// would decode it, each table's rows encoded against its layout when the task carries one.
import type { WriteLayout, WriteRequest } from '@sluice/storage';
import { encodeSeriesWrite } from '@sluice/storage/encode';
import { lineProtocolToWrites } from '../protocols/line-protocol-rows.js';
import { remoteWriteRequests } from '../protocols/remote-write-rows.js';
import { packTables, toWireError, type DecodeTask, type PipelineReply } from './protocol.js';
import type { WithoutId } from './task-pool.js';

/** The writes a DecodeTask's body decodes to (the same function the main thread runs). */
export function decodeTaskWrites(task: WithoutId<DecodeTask>): WriteRequest[] {
  const b = task.bytes;
  if (task.protocol === 'lineproto') {
    // Buffer's decoding, as the main thread's `body.toString('utf8')` (a BOM is kept, bad bytes become U+FFFD).
    const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
    return lineProtocolToWrites(text, { db: task.db, precision: task.precision, nowNs: task.nowNs, options: task.options });
  }
  return remoteWriteRequests(task.db, b, task.options);
}

/** Layouts parsed from their text, kept (the same tables' layouts come with every task). */
const parsed = new Map<string, WriteLayout>();

function parsedLayout(text: string): WriteLayout {
  let l = parsed.get(text);
  if (l === undefined) {
    if (parsed.size >= 256) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, (l = JSON.parse(text) as WriteLayout));
  }
  return l;
}

export function handleDecode(task: DecodeTask): { reply: PipelineReply; transfer: ArrayBuffer[] } {
  try {
    const writes = decodeTaskWrites(task);
    const runs = writes.map((w) => ({ suffix: '', options: w.options ?? {}, schema: w.schema, rows: w.rows }));
    const { tables, transfer } = packTables(runs, (t, i) => {
      const text = task.layouts[writes[i]!.table];
      return text === undefined ? undefined : encodeSeriesWrite(parsedLayout(text), t);
    });
    const named = tables.map((t, i) => ({ ...t, name: writes[i]!.table }));
    return { reply: { id: task.id, ok: true, items: writes.length, tables: named, errors: [] }, transfer };
  } catch (e) {
    return { reply: { id: task.id, ok: false, error: toWireError(e) }, transfer: [] };
  }
}
