import type { StoreContext } from '../context.js';
import { keySeries, keyTime, MAX_TS, MIN_TS, rowKey } from '../keys/row-key.js';

/** One row as stored: its key and its encoded field values. */
export interface RawRow {
  readonly key: Buffer;
  readonly value: Buffer;
}

/**
 * Reads only the given series of a table without `append_mode` (rows keyed `time | series`): each
 * series is a cursor that jumps from one of its rows to the next by seeking the key
 * `(t + 1, series)` — landing on `(t', s')` with s' < series means nothing of the series lies before
 * t', so the next row is `(t', series)` if it exists (one point read) — and the cursors are merged by
 * `(time, series)`, the order a scan of the key range has. Every seek passes at least one timestamp of
 * the table, so a series' cost is bounded by the rows it has plus the timestamps where it has none;
 * when seeks outnumber rows found (sparse series among many timestamps, as with unaligned scrapes),
 * the reader switches to walking the key range from the last row it returned, so it never costs much
 * more than a plain scan.
 */
export function* seekSeries(
  ctx: StoreContext,
  storageId: number,
  sids: readonly number[],
  lo: bigint | undefined,
  hi: bigint | undefined,
  descending: boolean,
  lowKey: Buffer,
  highKey: Buffer,
): Generator<RawRow> {
  const rows = ctx.env.rows;
  // lmdb-js takes a transaction in get options at run time; its typings omit the parameter.
  const getBinary = rows.getBinary.bind(rows) as (k: Buffer, o: { transaction: unknown }) => Buffer | undefined;
  const loTs = lo ?? MIN_TS;
  // Inclusive upper time bound.
  const hiTs = hi === undefined ? MAX_TS : hi - 1n;
  if (hiTs < loTs) return;
  // One snapshot for every seek and point read, as a range scan has.
  const txn = ctx.env.root.useReadTransaction();
  try {
    yield* merge();
  } finally {
    txn.done();
  }

  function* merge(): Generator<RawRow> {
    let seeks = 0;
    let found = 0;
    const budget = () => seeks <= 4 * found + 64 * sids.length + 256;
    const firstKey = (start: Buffer): Buffer | undefined => {
      seeks++;
      // `getKeys` yields each key once; a one-key range positions an LMDB cursor (a B-tree seek).
      const opts = descending ? { start, end: lowKey, reverse: true, limit: 1, transaction: txn } : { start, end: highKey, limit: 1, transaction: txn };
      for (const k of rows.getKeys(opts)) return k as Buffer;
      return undefined;
    };
    const point = (ts: bigint, sid: number): RawRow | undefined => {
      const key = rowKey(storageId, ts, sid);
      const value = getBinary(key, { transaction: txn });
      return value === undefined ? undefined : { key, value };
    };
    /** The series' next row after `after` (exclusive; undefined: from the range's start), or undefined. */
    const next = (sid: number, after: bigint | undefined): RawRow | undefined | 'budget' => {
      if (!descending) {
        let from = after === undefined ? loTs : after + 1n;
        while (from <= hiTs) {
          if (!budget()) return 'budget';
          const k = firstKey(rowKey(storageId, from, sid));
          if (k === undefined) return undefined;
          const t = keyTime(k);
          const s = keySeries(k);
          if (t > hiTs) return undefined;
          if (s === sid) return point(t, sid);
          if (s < sid) {
            // Nothing of `sid` in [from, t): its next row, if any at t, is (t, sid).
            const r = point(t, sid);
            if (r) return r;
          }
          from = t + 1n;
        }
        return undefined;
      }
      let upTo = after === undefined ? hiTs : after - 1n;
      while (upTo >= loTs) {
        if (!budget()) return 'budget';
        const k = firstKey(rowKey(storageId, upTo, sid));
        if (k === undefined) return undefined;
        const t = keyTime(k);
        const s = keySeries(k);
        if (t < loTs) return undefined;
        if (s === sid) return point(t, sid);
        if (s > sid) {
          const r = point(t, sid);
          if (r) return r;
        }
        upTo = t - 1n;
      }
      return undefined;
    };

    interface Head {
      readonly sid: number;
      ts: bigint;
      row: RawRow;
    }
    // Merge order: ascending (time, series), or its reverse.
    const before = (a: Head, b: Head): boolean => {
      if (a.ts !== b.ts) return descending ? a.ts > b.ts : a.ts < b.ts;
      return descending ? a.sid > b.sid : a.sid < b.sid;
    };
    const heap: Head[] = [];
    const pushHeap = (h: Head) => {
      heap.push(h);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!before(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    };
    const siftDown = () => {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    };
    let last: Buffer | undefined;
    let exhausted = false;
    for (const sid of sids) {
      const r = next(sid, undefined);
      if (r === 'budget') {
        exhausted = true;
        break;
      }
      if (r) pushHeap({ sid, ts: keyTime(r.key), row: r });
    }
    while (!exhausted && heap.length > 0) {
      const h = heap[0]!;
      found++;
      last = h.row.key;
      yield h.row;
      const r = next(h.sid, h.ts);
      if (r === 'budget') {
        exhausted = true;
        break;
      }
      if (r) {
        h.ts = keyTime(r.key);
        h.row = r;
      } else {
        const tail = heap.pop()!;
        if (heap.length === 0) break;
        heap[0] = tail;
      }
      siftDown();
    }
    if (!exhausted) return;
  // Too many seeks for the rows found: walk the rest of the key range (after the last row returned).
    const opts = descending ? { start: last ?? highKey, end: lowKey, reverse: true, transaction: txn } : { start: last ?? lowKey, end: highKey, transaction: txn };
    for (const { key, value } of rows.getRange(opts)) {
      if (last !== undefined && key.equals(last)) continue;
      yield { key, value };
    }
  }
}
