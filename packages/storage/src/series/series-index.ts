import type { Value } from '@sluice/pipeline-core';
import { ByteReader } from '../codec/byte-reader.js';
import { ByteWriter } from '../codec/byte-writer.js';
import { decodeValue, encodeValue } from '../codec/value-codec.js';
import type { TableState } from '../catalog/table-state.js';
import type { Catalog } from '../catalog/catalog.js';
import type { StoreEnv } from '../env.js';
import { InvalidRequestError } from '../errors.js';

/** A series: one logical table's tag set. Rows carry only the series id; tags are stored once here. */
export interface SeriesEntry {
  readonly tableId: number;
  /** Tag values in the table's key order at the time the series was read (missing trailing tags are null). */
  readonly tags: readonly Value[];
}

const MAX_KEY = 1900;

/**
 * The series dictionary. Keys: `u32 storageId | u32 tableId | tags` → seriesId and
 * `u32 storageId | u32 seriesId` → `u32 tableId | tags`, where tags are `u8 present | value`
 * per tag column with trailing nulls dropped (so adding a tag column keeps existing series).
 */
export class SeriesIndex {
  private readonly ids = new Map<number, Map<string, number>>();
  /** storageId → seriesId by table and tag values, for string-only tag sets. */
  private readonly fast = new Map<number, TagTrie>();
  private readonly entries = new Map<number, Map<number, SeriesEntry | null>>();
  private readonly w = new ByteWriter(256);
  private readonly r = new ByteReader();

  constructor(
    private readonly env: StoreEnv,
    private readonly catalog: Catalog,
  ) {}

  /** Series id of a row's tags inside the current write transaction; new series go to `pending`. */
  txResolve(t: TableState, tags: readonly Value[], pending: PendingSeries): number {
    // Fast path: tags that are all strings (or null) are looked up by the values themselves (one Map
    // step per tag), without encoding them.
    const n = stringTags(tags);
    if (n >= 0) {
      const hit = this.fast.get(t.storageId)?.get(t.record.id, tags, n) ?? pending.fast.get(t.record.id, tags, n);
      if (hit !== undefined) return hit;
      const id = this.txResolveEncoded(t, tags, pending);
      pending.fast.set(t.record.id, tags, n, id);
      pending.fastAdds.push({ storageId: t.storageId, tableId: t.record.id, tags: tags.slice(0, n), id });
      return id;
    }
    return this.txResolveEncoded(t, tags, pending);
  }

  /**
   * The id of an existing (committed) series, outside any transaction; undefined when the tag set has
   * no series yet (a write then resolves it in its transaction).
   */
  lookup(t: TableState, tags: readonly Value[]): number | undefined {
    const n = stringTags(tags);
    if (n >= 0) {
      const hit = this.fast.get(t.storageId)?.get(t.record.id, tags, n);
      if (hit !== undefined) return hit;
    }
    const w = this.encodeTagsKey(t, tags);
    if (w.pos > MAX_KEY) return undefined;
    const hit = this.ids.get(t.storageId)?.get(w.buf.toString('latin1', 0, w.pos));
    if (hit !== undefined) return hit;
    return this.env.seriesTags.get(w.take());
  }

  /** Writes the `series_tags` key of `tags` (storage id | table id | tag values, trailing nulls cut) into the shared writer. */
  private encodeTagsKey(t: TableState, tags: readonly Value[]): ByteWriter {
    const w = this.w;
    w.reset();
    w.ensure(8);
    w.buf.writeUInt32BE(t.storageId, 0);
    w.buf.writeUInt32BE(t.record.id, 4);
    w.pos = 8;
    let n = tags.length;
    while (n > 0 && tags[n - 1] === null) n--;
    for (let i = 0; i < n; i++) {
      const v = tags[i]!;
      if (v === null) w.u8(0);
      else {
        w.u8(1);
        encodeValue(w, t.tags[i]!.type, v);
      }
    }
    return w;
  }

  private txResolveEncoded(t: TableState, tags: readonly Value[], pending: PendingSeries): number {
    const w = this.encodeTagsKey(t, tags);
    const cacheKey = w.buf.toString('latin1', 0, w.pos);
    let byKey = this.ids.get(t.storageId);
    if (!byKey) this.ids.set(t.storageId, (byKey = new Map()));
    const hit = byKey.get(cacheKey) ?? pending.ids.get(cacheKey);
    if (hit !== undefined) return hit;
    if (w.pos > MAX_KEY) throw new InvalidRequestError(`table ${t.record.name}: tag values too long (${w.pos} bytes encoded, at most ${MAX_KEY})`);
    const key = w.take();
    const stored = this.env.seriesTags.get(key);
    if (stored !== undefined) {
      pending.ids.set(cacheKey, stored);
      pending.adds.push({ storageId: t.storageId, cacheKey, id: stored });
      return stored;
    }
    const id = this.catalog.txNext(`series:${t.storageId}`);
    this.env.seriesTags.putSync(key, id);
    const idKey = Buffer.allocUnsafe(8);
    idKey.writeUInt32BE(t.storageId, 0);
    idKey.writeUInt32BE(id, 4);
    const value = Buffer.allocUnsafe(key.length - 4);
    key.copy(value, 0, 4);
    this.env.seriesIds.putSync(idKey, value);
    pending.ids.set(cacheKey, id);
    pending.adds.push({ storageId: t.storageId, cacheKey, id });
    return id;
  }

  /** Makes a committed transaction's series visible to later writers. */
  commit(pending: PendingSeries): void {
    for (const a of pending.adds) {
      let byKey = this.ids.get(a.storageId);
      if (!byKey) this.ids.set(a.storageId, (byKey = new Map()));
      byKey.set(a.cacheKey, a.id);
    }
    for (const a of pending.fastAdds) {
      let trie = this.fast.get(a.storageId);
      if (!trie) this.fast.set(a.storageId, (trie = new TagTrie()));
      trie.set(a.tableId, a.tags, a.tags.length, a.id);
    }
  }

  /** The series' table and tags, decoded for `t`'s tag columns; undefined when unknown. */
  entry(t: TableState, seriesId: number): SeriesEntry | undefined {
    let m = this.entries.get(t.storageId);
    if (!m) this.entries.set(t.storageId, (m = new Map()));
    const hit = m.get(seriesId);
    if (hit !== undefined && (hit === null || hit.tags.length === t.tags.length || hit.tableId !== t.record.id)) return hit ?? undefined;
    const key = Buffer.allocUnsafe(8);
    key.writeUInt32BE(t.storageId, 0);
    key.writeUInt32BE(seriesId, 4);
    let raw = this.env.seriesIds.get(key);
    if (raw === undefined) {
      this.env.root.resetReadTxn();
      raw = this.env.seriesIds.get(key);
      if (raw === undefined) return undefined;
    }
    const tableId = raw.readUInt32BE(0);
    const tags: Value[] = [];
    if (tableId === t.record.id) {
      const r = this.r.reset(raw, 4);
      for (let i = 0; i < t.tags.length; i++) {
        if (r.done || r.u8() === 0) tags.push(null);
        else tags.push(decodeValue(r, t.tags[i]!.type));
      }
    }
    const e: SeriesEntry = { tableId, tags };
    m.set(seriesId, e);
    return e;
  }

  /**
   * Ids of the logical table's series, ascending; undefined when there are more than `max` (the caller
   * then scans instead). Reads the `series_tags` keys under `storageId | tableId`.
   */
  tableSeries(t: TableState, max: number): number[] | undefined {
    const start = Buffer.allocUnsafe(8);
    start.writeUInt32BE(t.storageId, 0);
    start.writeUInt32BE(t.record.id, 4);
    const end = Buffer.allocUnsafe(8);
    end.writeUInt32BE(t.storageId, 0);
    end.writeUInt32BE(t.record.id + 1, 4);
    const ids: number[] = [];
    for (const { value } of this.env.seriesTags.getRange({ start, end })) {
      if (ids.length >= max) return undefined;
      ids.push(value);
    }
    return ids.sort((a, b) => a - b);
  }

  /** Removes every series of a table (on drop) in the current write transaction. */
  txDropTable(t: TableState): void {
    const start = Buffer.allocUnsafe(4);
    start.writeUInt32BE(t.storageId, 0);
    const end = Buffer.allocUnsafe(4);
    end.writeUInt32BE(t.storageId + 1, 0);
    for (const { key, value } of this.env.seriesIds.getRange({ start, end })) {
      if (value.readUInt32BE(0) !== t.record.id) continue;
      const tagKey = Buffer.concat([key.subarray(0, 4), value]);
      this.env.seriesTags.removeSync(tagKey);
      this.env.seriesIds.removeSync(key);
    }
  }

  /** Forgets cached series of a storage id (after a drop, or when a transaction failed). */
  forget(storageId?: number): void {
    if (storageId === undefined) {
      this.ids.clear();
      this.fast.clear();
      this.entries.clear();
    } else {
      this.ids.delete(storageId);
      this.fast.delete(storageId);
      this.entries.delete(storageId);
    }
  }
}

export class PendingSeries {
  readonly ids = new Map<string, number>();
  readonly adds: { storageId: number; cacheKey: string; id: number }[] = [];
  readonly fast = new TagTrie();
  readonly fastAdds: { storageId: number; tableId: number; tags: readonly Value[]; id: number }[] = [];
}

/**
 * How many of the tags a series key holds (trailing nulls dropped, as the stored key drops them); −1
 * when one is neither a string nor null (those take the encoded path).
 */
function stringTags(tags: readonly Value[]): number {
  let n = tags.length;
  while (n > 0 && tags[n - 1] === null) n--;
  for (let i = 0; i < n; i++) {
    const v = tags[i];
    if (v !== null && typeof v !== 'string') return -1;
  }
  return n;
}

interface TrieNode {
  id: number | undefined;
  next: Map<string | null, TrieNode> | undefined;
}

/** Series ids of string-only tag sets: a trie by table id, then the first `n` tag values. */
class TagTrie {
  private readonly tables = new Map<number, TrieNode>();

  get(tableId: number, tags: readonly Value[], n: number): number | undefined {
    let node = this.tables.get(tableId);
    for (let i = 0; i < n && node !== undefined; i++) node = node.next?.get(tags[i] as string | null);
    return node?.id;
  }

  set(tableId: number, tags: readonly Value[], n: number, id: number): void {
    let node = this.tables.get(tableId);
    if (node === undefined) this.tables.set(tableId, (node = { id: undefined, next: undefined }));
    for (let i = 0; i < n; i++) {
      const v = tags[i] as string | null;
      node.next ??= new Map();
      let child = node.next.get(v);
      if (child === undefined) node.next.set(v, (child = { id: undefined, next: undefined }));
      node = child;
    }
    node.id = id;
  }
}
