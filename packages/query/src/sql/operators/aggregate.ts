import { perGroup, type Accumulator, type BoundAggregate, type GroupedAccumulator } from '../aggregates/aggregate.js';
import type { Compiled } from '../expr/compiled.js';
import { single, type Field, type Relation } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';
import type { ExecContext } from '../../exec/exec-context.js';
import { valueBytes } from '../../exec/bytes.js';

export interface AggregateCall {
  readonly bound: BoundAggregate;
  /** Undefined for `count(*)`. */
  readonly arg?: Compiled;
  readonly distinct: boolean;
}

function distinctAcc(inner: Accumulator): Accumulator {
  const seen = new Set<string>();
  return {
    add: (v) => {
      if (v === null) return;
      const k = keyOf(v);
      if (seen.has(k)) return;
      seen.add(k);
      inner.add(v);
    },
    result: () => inner.result(),
  };
}

/** The state of one aggregate call over all groups: its vectorised form when it has one. */
export function groupedState(c: AggregateCall): GroupedAccumulator {
  return c.distinct ? perGroup(() => distinctAcc(c.bound.create())) : (c.bound.grouped?.() ?? perGroup(() => c.bound.create()));
}

/**
 * Hash aggregation: output columns are the group keys then the aggregates. Without keys there is
 * exactly one output row, even for empty input.
 */
export function aggregate(input: Relation, keys: readonly Compiled[], calls: readonly AggregateCall[], fields: readonly Field[], exec?: ExecContext): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const keyCols: SqlValue[][] = keys.map(() => []);
        const states = calls.map(groupedState);
        let groups = keys.length === 0 ? 1 : 0;
        const rawIndex = new Map<SqlValue, number>();
        const keyedIndex = new Map<string, number>();
        const groupBytes = 64 * (calls.length + 1);
        const newGroup = (keyVals: readonly SqlValue[]): number => {
          let bytes = groupBytes;
          keyVals.forEach((v, k) => {
            keyCols[k]!.push(v);
            bytes += valueBytes(v);
          });
          exec?.hold(bytes, 'GROUP BY');
          return groups++;
        };
        for await (const b of input.batches) {
          let gid: Int32Array | undefined;
          if (keys.length === 1) {
            gid = new Int32Array(b.length);
            const kv = keys[0]!.eval(b);
            for (let i = 0; i < b.length; i++) {
              const v = kv[i]!;
              const t = typeof v;
              let g: number | undefined;
              if (v === null || t === 'string' || t === 'number' || t === 'bigint' || t === 'boolean') {
                g = rawIndex.get(v);
                if (g === undefined) rawIndex.set(v, (g = newGroup([v])));
              } else {
                const k = keyOf(v);
                g = keyedIndex.get(k);
                if (g === undefined) keyedIndex.set(k, (g = newGroup([v])));
              }
              gid[i] = g;
            }
          } else if (keys.length > 1) {
            gid = new Int32Array(b.length);
            const keyVecs = keys.map((k) => k.eval(b));
            for (let i = 0; i < b.length; i++) {
              let k = '';
              for (const kv of keyVecs) k += keyOf(kv[i]!) + '\u001f';
              let g = keyedIndex.get(k);
              if (g === undefined) keyedIndex.set(k, (g = newGroup(keyVecs.map((kv) => kv[i]!))));
              gid[i] = g;
            }
          }
          calls.forEach((c, a) => states[a]!.update(gid, c.arg?.eval(b), b.length));
          await exec?.checkpoint();
        }
        const columns = [...keyCols, ...states.map((st) => st.results(groups))];
        yield* single({ length: groups, columns });
      },
    },
  };
}
