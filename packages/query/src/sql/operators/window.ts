import type { ExecContext } from '../../exec/exec-context.js';
import type { BoundAggregate } from '../aggregates/aggregate.js';
import type { Compiled } from '../expr/compiled.js';
import { collectBatches, single, type Batch, type Field, type Relation } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';
import { rowComparator, type SortKey } from './sort.js';

export type WindowKind = 'row_number' | 'rank' | 'dense_rank' | 'lag' | 'lead' | 'first_value' | 'last_value' | 'aggregate';

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
function fill(call: WindowCall, rows: readonly number[], args: readonly (readonly SqlValue[])[], peer: (a: number, b: number) => boolean, out: SqlValue[]): void {
  const n = rows.length;
  const ordered = call.orderBy.length > 0;
  // End (exclusive) of the peer group of each position: the default frame ends at the last peer.
  const peerEnd = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) peerEnd[i] = i + 1 < n && ordered && peer(rows[i]!, rows[i + 1]!) ? peerEnd[i + 1]! : i + 1;
  if (!ordered) peerEnd.fill(n);
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
          const cmp = rowComparator(call.orderBy.map((k) => k.expr.eval(all)), call.orderBy);
          for (const rows of partitions(all, call.partitionBy)) {
            if (call.orderBy.length > 0) rows.sort((a, b) => cmp(a, b) || a - b);
            fill(call, rows, args, (a, b) => cmp(a, b) === 0, out);
          }
          return out;
        });
        yield* single({ length: all.length, columns: [...all.columns, ...extra] });
      },
    },
  };
}
