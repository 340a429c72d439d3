// Worker side of a DecodeTask: a protocol body decoded into one write per table, as the main thread
// would decode it, each table's rows encoded against its layout when the task carries one.
import type { WriteLayout, WriteRequest } from '@sluice/storage';
import { encodeSeriesWrite } from '@sluice/storage/encode';
import { lineProtocolToWrites } from '../protocols/line-protocol-rows.js';
import { layoutStamp, packTables, toWireError, type DecodeTask, type PipelineReply } from './protocol.js';
import type { WithoutId } from './task-pool.js';

/** The writes a DecodeTask's body decodes to (the same function the main thread runs). */
export function decodeTaskWrites(task: WithoutId<DecodeTask>): WriteRequest[] {
  const b = task.bytes;
  // Buffer's decoding, as the main thread's `body.toString('utf8')` (a BOM is kept, bad bytes become U+FFFD).
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
  return lineProtocolToWrites(text, { db: task.db, precision: task.precision, nowNs: task.nowNs, options: task.options });
}

/** Layouts this worker was sent, by `db\0table`, with their stamp `id:version`. */
const known = new Map<string, { stamp: string; layout: WriteLayout }>();

/** The layout a task gives for `table` (text, or a stamp this worker knows); undefined when it has none. */
function layoutFor(db: string, table: string, given: string): WriteLayout | 'missing' {
  const key = `${db}\u0000${table}`;
  if (given.startsWith('{')) {
    const layout = JSON.parse(given) as WriteLayout;
    if (known.size >= 4096 && !known.has(key)) known.delete(known.keys().next().value!);
    known.set(key, { stamp: layoutStamp(layout), layout });
    return layout;
  }
  const k = known.get(key);
  return k !== undefined && k.stamp === given ? k.layout : 'missing';
}

export function handleDecode(task: DecodeTask): { reply: PipelineReply; transfer: ArrayBuffer[] } {
  try {
    const writes = decodeTaskWrites(task);
    const runs = writes.map((w) => ({ suffix: '', options: w.options ?? {}, schema: w.schema, rows: w.rows }));
    const missing: string[] = [];
    const { tables, transfer } = packTables(runs, (t, i) => {
      const table = writes[i]!.table;
      const given = task.layouts[table];
      if (given === undefined) return undefined;
      const layout = layoutFor(task.db, table, given);
      if (layout !== 'missing') return encodeSeriesWrite(layout, t);
      missing.push(table);
      return undefined;
    });
    const named = tables.map((t, i) => ({ ...t, name: writes[i]!.table }));
    return { reply: { id: task.id, ok: true, items: writes.length, tables: named, errors: [], ...(missing.length > 0 ? { missingLayouts: missing } : {}) }, transfer };
  } catch (e) {
    return { reply: { id: task.id, ok: false, error: toWireError(e) }, transfer: [] };
  }
}
