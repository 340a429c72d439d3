import type { ExecContext } from '../../exec/exec-context.js';
import type { BoundAggregate } from '../aggregates/aggregate.js';
import type { Compiled } from '../expr/compiled.js';
import { collectBatches, single, type Batch, type Field, type Relation } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';
import type { FrameBound, WindowFrame } from '../ast/expr.js';
import { rowComparator, type SortKey } from './sort.js';
import type { AnomalyScorer } from '../functions/anomaly.js';

export type WindowKind = 'row_number' | 'rank' | 'dense_rank' | 'lag' | 'lead' | 'first_value' | 'last_value' | 'aggregate' | 'anomaly';

/** One window function call, compiled against the rows it runs over. */
export interface WindowCall {
  readonly kind: WindowKind;
  readonly args: readonly Compiled[];
  readonly partitionBy: readonly Compiled[];
  readonly orderBy: readonly SortKey[];
  /** lag/lead: offset and default. */
  readonly offset?: number;
  readonly fallback?: SqlValue;
  /** Aggregates over the frame. */
  readonly bound?: BoundAggregate;
  /** An explicit frame (aggregates, first_value, last_value, anomaly scores). */
  readonly frame?: WindowFrame;
  /** Anomaly scores (functions/anomaly.ts): the current row's value against its frame. */
  readonly scorer?: AnomalyScorer;
}

/** Row indices of each partition, in input order. */
function partitions(b: Batch, keys: readonly Compiled[]): number[][] {
  if (keys.length === 0) return [Array.from({ length: b.length }, (_, i) => i)];
  const vecs = keys.map((k) => k.eval(b));
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < b.length; i++) {
    let k = '';
    for (const v of vecs) k += keyOf(v[i]!) + '\u001f';
    const list = byKey.get(k);
    if (list) list.push(i);
    else byKey.set(k, [i]);
  }
  return [...byKey.values()];
}

/** Fills `out` for one partition whose rows are `rows` (already in window order); `peer(a, b)` tells ORDER BY ties. */
function fill(call: WindowCall, rows: readonly number[], args: readonly (readonly SqlValue[])[], peer: (a: number, b: number) => boolean, out: SqlValue[], orderValues?: readonly SqlValue[]): void {
  const n = rows.length;
  const ordered = call.orderBy.length > 0;
  // End (exclusive) of the peer group of each position: the default frame ends at the last peer.
  const peerEnd = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) peerEnd[i] = i + 1 < n && ordered && peer(rows[i]!, rows[i + 1]!) ? peerEnd[i + 1]! : i + 1;
  if (!ordered) peerEnd.fill(n);
  if (call.kind === 'anomaly') {
    const descending = call.orderBy[0]?.descending ?? false;
    const finite = (v: SqlValue | undefined): number | undefined => {
      const x = v === null || v === undefined ? NaN : Number(v);
      return Number.isFinite(x) ? x : undefined;
    };
    for (let i = 0; i < n; i++) {
      const [lo, hi] = call.frame ? frameRange(call.frame, i, n, rows, peer, peerEnd, orderValues, descending) : [0, peerEnd[i]!];
      const current = finite(args[0]![rows[i]!]);
      const k = args[1] ? finite(args[1][rows[i]!]) : undefined;
      const values: number[] = [];
      for (let j = lo; j < hi; j++) {
        const x = finite(args[0]![rows[j]!]);
        if (x !== undefined) values.push(x);
      }
      out[rows[i]!] = current === undefined ? null : call.scorer!.score(current, values, k);
    }
    return;
  }
  if (call.frame && (call.kind === 'aggregate' || call.kind === 'first_value' || call.kind === 'last_value')) {
    framed(call, call.frame, rows, args, peer, peerEnd, out, orderValues);
    return;
  }
  switch (call.kind) {
    case 'row_number':
      rows.forEach((r, i) => (out[r] = i + 1));
      return;
    case 'rank':
    case 'dense_rank': {
      let rank = 0;
      let dense = 0;
      for (let i = 0; i < n; i++) {
        if (i === 0 || !peer(rows[i - 1]!, rows[i]!)) {
          rank = i + 1;
          dense++;
        }
        out[rows[i]!] = call.kind === 'rank' ? rank : dense;
      }
      return;
    }
    case 'lag':
    case 'lead': {
      const step = call.kind === 'lag' ? -(call.offset ?? 1) : (call.offset ?? 1);
      for (let i = 0; i < n; i++) {
        const j = i + step;
        out[rows[i]!] = j >= 0 && j < n ? args[0]![rows[j]!]! : (call.fallback ?? null);
      }
      return;
    }
    case 'first_value':
      for (let i = 0; i < n; i++) out[rows[i]!] = args[0]![rows[0]!]!;
      return;
    case 'last_value':
      for (let i = 0; i < n; i++) out[rows[i]!] = args[0]![rows[peerEnd[i]! - 1]!]!;
      return;
    case 'aggregate': {
      const acc = call.bound!.create();
      let added = 0;
      let value: SqlValue = null;
      for (let i = 0; i < n; i++) {
        if (peerEnd[i]! > added) {
          for (; added < peerEnd[i]!; added++) acc.add(args.length === 0 ? 1 : args[0]![rows[added]!]!);
          value = acc.result();
        }
        out[rows[i]!] = value;
      }
    }
  }
}

/** [lo, hi) of position i's frame within the partition. */
function frameRange(f: WindowFrame, i: number, n: number, rows: readonly number[], peer: (a: number, b: number) => boolean, peerEnd: readonly number[], orderValues: readonly SqlValue[] | undefined, descending: boolean): [number, number] {
  const bound = (b: FrameBound, isStart: boolean): number => {
    switch (b.kind) {
      case 'unbounded_preceding':
        return 0;
      case 'unbounded_following':
        return n;
      case 'current_row':
        if (f.units === 'rows') return isStart ? i : i + 1;
        if (isStart) {
          let j = i;
          while (j > 0 && peer(rows[j - 1]!, rows[i]!)) j--;
          return j;
        }
        return peerEnd[i]!;
      case 'offset': {
        if (f.units === 'rows') return Math.min(n, Math.max(0, i + b.offset + (isStart ? 0 : 1)));
        // RANGE n PRECEDING/FOLLOWING: rows whose ORDER BY value is within the distance.
        const v = Number(orderValues?.[rows[i]!] ?? NaN);
        const target = v + (descending ? -b.offset : b.offset);
        const within = (j: number) => {
          const x = Number(orderValues?.[rows[j]!] ?? NaN);
          return descending ? (isStart ? x <= target : x >= target) : isStart ? x >= target : x <= target;
        };
        if (isStart) {
          let j = 0;
          while (j < n && !within(j)) j++;
          return j;
        }
        let j = n;
        while (j > 0 && !within(j - 1)) j--;
        return j;
      }
    }
  };
  return [bound(f.start, true), bound(f.end, false)];
}

/** Aggregates and first/last values over an explicit frame, one frame per row. */
function framed(call: WindowCall, f: WindowFrame, rows: readonly number[], args: readonly (readonly SqlValue[])[], peer: (a: number, b: number) => boolean, peerEnd: readonly number[], out: SqlValue[], orderValues?: readonly SqlValue[]): void {
  const n = rows.length;
  const descending = call.orderBy[0]?.descending ?? false;
  for (let i = 0; i < n; i++) {
    const [lo, hi] = frameRange(f, i, n, rows, peer, peerEnd, orderValues, descending);
    if (call.kind === 'first_value') out[rows[i]!] = lo < hi ? args[0]![rows[lo]!]! : null;
    else if (call.kind === 'last_value') out[rows[i]!] = lo < hi ? args[0]![rows[hi - 1]!]! : null;
    else {
      const acc = call.bound!.create();
      for (let j = lo; j < hi; j++) acc.add(args.length === 0 ? 1 : args[0]![rows[j]!]!);
      out[rows[i]!] = acc.result();
    }
  }
}

/** Appends one column per window call: each call partitions, orders and frames all input rows. */
export function window(input: Relation, calls: readonly WindowCall[], fields: readonly Field[], exec?: ExecContext): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const all = await collectBatches(input, exec, 'window');
        const extra = calls.map((call) => {
          const out = new Array<SqlValue>(all.length).fill(null);
          const args = call.args.map((a) => a.eval(all));
          const orderVecs = call.orderBy.map((k) => k.expr.eval(all));
          const cmp = rowComparator(orderVecs, call.orderBy);
          for (const rows of partitions(all, call.partitionBy)) {
            if (call.orderBy.length > 0) rows.sort((a, b) => cmp(a, b) || a - b);
            fill(call, rows, args, (a, b) => cmp(a, b) === 0, out, orderVecs[0]);
          }
          return out;
        });
        yield* single({ length: all.length, columns: [...all.columns, ...extra] });
      },
    },
  };
}
