import type { Accumulator, BoundAggregate } from '../aggregates/aggregate.js';
import type { Compiled } from '../expr/compiled.js';
import { single, type Field, type Relation } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';

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

/**
 * Hash aggregation: output columns are the group keys then the aggregates. Without keys there is
 * exactly one output row, even for empty input.
 */
export function aggregate(input: Relation, keys: readonly Compiled[], calls: readonly AggregateCall[], fields: readonly Field[]): Relation {
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const keyCols: SqlValue[][] = keys.map(() => []);
        const accs: Accumulator[][] = calls.map(() => []);
        const newGroup = (keyVals: readonly SqlValue[]): number => {
          const g = accs[0]?.length ?? keyCols[0]?.length ?? 0;
          keyVals.forEach((v, k) => keyCols[k]!.push(v));
          calls.forEach((c, a) => {
            const acc = c.bound.create();
            accs[a]!.push(c.distinct ? distinctAcc(acc) : acc);
          });
          return g;
        };
        let groups = 0;
        const rawIndex = new Map<SqlValue, number>();
        const keyedIndex = new Map<string, number>();
        if (keys.length === 0) {
          newGroup([]);
          groups = 1;
        }
        for await (const b of input.batches) {
          const keyVecs = keys.map((k) => k.eval(b));
          const argVecs = calls.map((c) => c.arg?.eval(b));
          const gid = new Int32Array(b.length);
          if (keys.length === 1) {
            const kv = keyVecs[0]!;
            for (let i = 0; i < b.length; i++) {
              const v = kv[i]!;
              const t = typeof v;
              let g: number | undefined;
              if (v === null || t === 'string' || t === 'number' || t === 'bigint' || t === 'boolean') {
                g = rawIndex.get(v);
                if (g === undefined) {
                  g = newGroup([v]);
                  groups++;
                  rawIndex.set(v, g);
                }
              } else {
                const k = keyOf(v);
                g = keyedIndex.get(k);
                if (g === undefined) {
                  g = newGroup([v]);
                  groups++;
                  keyedIndex.set(k, g);
                }
              }
              gid[i] = g;
            }
          } else if (keys.length > 1) {
            for (let i = 0; i < b.length; i++) {
              let k = '';
              for (const kv of keyVecs) k += keyOf(kv[i]!) + '\u001f';
              let g = keyedIndex.get(k);
              if (g === undefined) {
                g = newGroup(keyVecs.map((kv) => kv[i]!));
                groups++;
                keyedIndex.set(k, g);
              }
              gid[i] = g;
            }
          }
          for (let a = 0; a < calls.length; a++) {
            const list = accs[a]!;
            const vec = argVecs[a];
            if (keys.length === 0) {
              const acc = list[0]!;
              if (vec === undefined) for (let i = 0; i < b.length; i++) acc.add(1);
              else for (let i = 0; i < b.length; i++) acc.add(vec[i]!);
            } else if (vec === undefined) {
              for (let i = 0; i < b.length; i++) list[gid[i]!]!.add(1);
            } else {
              for (let i = 0; i < b.length; i++) list[gid[i]!]!.add(vec[i]!);
            }
          }
        }
        const columns = [...keyCols, ...accs.map((list) => list.map((acc) => acc.result()))];
        yield* single({ length: groups, columns });
      },
    },
  };
}
