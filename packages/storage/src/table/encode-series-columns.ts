import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import type { TableRecord } from '../catalog/table-record.js';
import { ByteWriter } from '../codec/byte-writer.js';
import { encodeSeriesChunk } from '../codec/series-chunk-codec.js';
import type { EncodedSeriesWrite, WriteLayout } from '../store.js';
import { evolveSchema } from './evolve-schema.js';
import { compiledLayout } from './prepare-ahead.js';
import { columnFill } from './prepare-rows.js';
import { MAX_CHUNK_ROWS, seriesSpan } from './series-run.js';

/** The samples of one series as columns (metric writes: remote write, OTLP metrics). */
export interface SeriesColumns {
  /** Values of the schema's `tag` columns, in schema order (null: the series lacks the tag). */
  readonly tags: readonly (string | null)[];
  /** Times in the time index's unit. */
  readonly times: ArrayLike<number>;
  /** One column per `field` column of the schema, in schema order, each as long as `times`. */
  readonly fields: readonly Float64Array[];
}

/** A write given series by series instead of row by row (see encodeSeriesColumns). */
export interface SeriesColumnsWrite {
  /** One `timestamp` column (the time index), String `tag` columns and Float64 `field` columns. */
  readonly schema: readonly ColumnSchema[];
  readonly series: readonly SeriesColumns[];
}

const writer = new ByteWriter(1 << 16);

/**
 * A write to a table without append_mode encoded straight from its series' columns against the
 * table's record (`Store.writeLayout(db, table, true)`), with no row arrays: the same chunks
 * `encodeSeriesWrite` makes from the equivalent rows (one row per sample, the series' tags, nulls for
 * tags it lacks): series with equal tags merged in write order, each sorted by time with the later
 * sample of one time kept, cut at a span and MAX_CHUNK_ROWS rows. Undefined whenever the rows path
 * must decide instead (the write adds or changes columns, the table is append-mode, a column is not
 * the String tag / Float64 field the fast path handles, a time is not a safe integer, no samples): the store then
 * writes the rows and reports any error itself.
 */
export function encodeSeriesColumns(layout: WriteLayout, req: SeriesColumnsWrite): EncodedSeriesWrite | undefined {
  const record = layout as TableRecord;
  const t = compiledLayout(record);
  if (t.opts.appendMode) return undefined;
  try {
    if (evolveSchema(record, req.schema, false) !== record) return undefined;
  } catch {
    return undefined;
  }
  // Where each table tag comes from (index into a series' `tags`) or the value it takes when the schema lacks it.
  const tagFrom: number[] = new Array(t.tags.length).fill(-1);
  const tagFill: Value[] = new Array(t.tags.length).fill(null);
  const fieldFrom: number[] = new Array(t.fields.length).fill(-1);
  let nTags = 0;
  let nFields = 0;
  let hasTime = false;
  for (const c of req.schema) {
    if (c.name === t.info.timeIndex) {
      if (c.semantic !== 'timestamp') return undefined;
      hasTime = true;
    } else if (c.semantic === 'tag') {
      const slot = t.tagSlot.get(c.name);
      if (slot === undefined || t.tags[slot]!.type !== 'string') return undefined;
      tagFrom[slot] = nTags++;
    } else if (c.semantic === 'field') {
      const slot = t.fieldSlot.get(c.name);
      if (slot === undefined || t.fields[slot]!.type !== 'float64') return undefined;
      fieldFrom[slot] = nFields++;
    } else return undefined;
  }
  if (!hasTime || fieldFrom.includes(-1)) return undefined;
  if (tagFrom.includes(-1)) {
    const given = new Set(req.schema.map((c) => c.name));
    const table = `${record.db}.${record.name}`;
    try {
      for (let s = 0; s < t.tags.length; s++) {
        if (tagFrom[s] === -1) tagFill[s] = columnFill(table, t.tags[s]!, given);
      }
    } catch {
      return undefined;
    }
  }
  // Series grouped by their tag values: a trie of Maps keyed by the values themselves (label strings
  // a caller keeps across requests hash once).
  const root = new Map<Value, unknown>();
  const order: { tags: Value[]; parts: SeriesColumns[] }[] = [];
  const nSlots = t.tags.length;
  let count = 0;
  for (const s of req.series) {
    const n = s.times.length;
    if (n === 0) continue;
    if (s.tags.length !== nTags || s.fields.length !== nFields) return undefined;
    for (let i = 0; i < n; i++) if (!Number.isSafeInteger(s.times[i])) return undefined;
    for (const f of s.fields) if (f.length !== n) return undefined;
    count += n;
    let node = root;
    let g: { tags: Value[]; parts: SeriesColumns[] } | undefined;
    for (let slot = 0; slot < nSlots; slot++) {
      const from = tagFrom[slot]!;
      const v = from === -1 ? tagFill[slot]! : s.tags[from]!;
      if (v === null ? !t.tags[slot]!.nullable : typeof v !== 'string') return undefined;
      if (slot === nSlots - 1) {
        g = node.get(v) as typeof g;
        if (g === undefined) {
          const tags: Value[] = new Array(nSlots);
          for (let k = 0; k < nSlots; k++) tags[k] = tagFrom[k] === -1 ? tagFill[k]! : s.tags[tagFrom[k]!]!;
          node.set(v, (g = { tags, parts: [] }));
          order.push(g);
        }
      } else {
        let next = node.get(v) as Map<Value, unknown> | undefined;
        if (next === undefined) node.set(v, (next = new Map()));
        node = next;
      }
    }
    if (nSlots === 0) {
      if (order.length === 0) order.push({ tags: [], parts: [] });
      g = order[0];
    }
    g!.parts.push(s);
  }
  if (count === 0) return undefined;
  const span = Number(seriesSpan(t));
  const parts: { tags: Value[]; min: bigint; rows: number; start: number; end: number }[] = [];
  writer.reset();
  for (const g of order) {
    const { times, fields } = merged(g.parts, fieldFrom);
    const idx = timeOrder(times);
    const n = idx === undefined ? times.length : idx.length;
    const timeAt = idx === undefined ? (k: number) => times[k]! : (k: number) => times[idx[k]!]!;
    let start = 0;
    while (start < n) {
      const min = timeAt(start);
      let end = start + 1;
      while (end < n && end - start < MAX_CHUNK_ROWS && timeAt(end) - min < span) end++;
      const offs: number[] = new Array(end - start);
      for (let k = start; k < end; k++) offs[k - start] = timeAt(k) - min;
      const at = writer.pos;
      if (idx === undefined && start === 0 && end === n) encodeSeriesChunk(writer, t.fieldTypes, offs, offs.length, fields as unknown as Value[][]);
      else if (idx === undefined) encodeSeriesChunk(writer, t.fieldTypes, offs, offs.length, fields.map((f) => f.subarray(start, end)) as unknown as Value[][]);
      else encodeSeriesChunk(writer, t.fieldTypes, offs, offs.length, fields as unknown as Value[][], idx.slice(start, end));
      parts.push({ tags: g.tags, min: BigInt(min), rows: offs.length, start: at, end: writer.pos });
      start = end;
    }
  }
  const bytes = writer.take();
  const chunks = parts.map((p) => ({ tags: p.tags, min: p.min, rows: p.rows, bytes: bytes.subarray(p.start, p.end) }));
  return { kind: 'series', tableId: record.id, version: record.version, count, chunks };
}

/** One group's samples in write order: times, and its field columns in table slot order. */
function merged(parts: readonly SeriesColumns[], fieldFrom: readonly number[]): { times: ArrayLike<number>; fields: Float64Array[] } {
  if (parts.length === 1) return { times: parts[0]!.times, fields: fieldFrom.map((k) => parts[0]!.fields[k]!) };
  let n = 0;
  for (const p of parts) n += p.times.length;
  const times = new Float64Array(n);
  const fields = fieldFrom.map(() => new Float64Array(n));
  let at = 0;
  for (const p of parts) {
    times.set(p.times as ArrayLike<number>, at);
    fieldFrom.forEach((k, slot) => fields[slot]!.set(p.fields[k]!, at));
    at += p.times.length;
  }
  return { times, fields };
}

/**
 * Undefined when the times strictly increase (the usual case: every sample kept in place); else the
 * indices of the samples to keep in time order, the later of two samples of one time winning (no
 * field is ever null here, so `last_non_null` keeps the later sample too).
 */
function timeOrder(times: ArrayLike<number>): number[] | undefined {
  let sorted = true;
  for (let k = 1; k < times.length; k++) {
    if (times[k]! <= times[k - 1]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return undefined;
  const all = Array.from({ length: times.length }, (_, k) => k).sort((a, b) => times[a]! - times[b]! || a - b);
  const out: number[] = [];
  for (const i of all) {
    if (out.length > 0 && times[out[out.length - 1]!] === times[i]) out[out.length - 1] = i;
    else out.push(i);
  }
  return out;
}
