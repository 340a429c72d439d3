import type { ExecContext } from '../../exec/exec-context.js';
import { valueBytes } from '../../exec/bytes.js';
import type { Compiled } from '../expr/compiled.js';
import { keyOf } from '../types/compare.js';
import { keyComparator } from '../operators/sort.js';
import type { SqlValue } from '../types/sql-value.js';
import type { Accumulator, BoundAggregate } from './aggregate.js';

/** One input row of an ordered aggregate: the argument and its sort keys. */
class OrderedRow {
  constructor(
    readonly value: SqlValue,
    readonly keys: readonly SqlValue[],
  ) {}
}

export interface AggOrderKey {
  readonly expr: Compiled;
  readonly descending: boolean;
  readonly nullsFirst?: boolean;
}

/** The argument of an ordered aggregate: each row's value together with its ORDER BY keys. */
export function orderedArgument(arg: Compiled, keys: readonly AggOrderKey[]): Compiled {
  return {
    type: arg.type,
    eval: (b) => {
      const vs = arg.eval(b);
      const ks = keys.map((k) => k.expr.eval(b));
      return vs.map((v, i) => new OrderedRow(v, ks.map((k) => k[i]!)) as unknown as SqlValue);
    },
  };
}

/**
 * `array_agg(x ORDER BY y DESC)`, `string_agg(x, ',' ORDER BY x)`, `first_value(x ORDER BY t)`: the rows
 * of a group are buffered (counted against the query's memory), sorted by the keys (stable, nulls placed
 * as in ORDER BY), then fed to the aggregate in that order. DISTINCT keeps the first row of each value.
 */
export function orderedAggregate(inner: BoundAggregate, keys: readonly AggOrderKey[], distinct: boolean, exec?: ExecContext): BoundAggregate {
  const cmp = keyComparator<OrderedRow>(keys, (r, k) => r.keys[k]!);
  return {
    type: inner.type,
    create: (): Accumulator => {
      const rows: OrderedRow[] = [];
      return {
        add: (v) => {
          const row = v as unknown as OrderedRow;
          exec?.hold(32 + valueBytes(row.value) + row.keys.reduce<number>((n, k) => n + valueBytes(k), 0), 'aggregate ORDER BY');
          rows.push(row);
        },
        result: () => {
          const order = rows.map((_, i) => i).sort((a, b) => cmp(rows[a]!, rows[b]!) || a - b);
          const acc = inner.create();
          const seen = new Set<string>();
          for (const i of order) {
            const v = rows[i]!.value;
            if (distinct) {
              if (v === null) continue;
              const key = keyOf(v);
              if (seen.has(key)) continue;
              seen.add(key);
            }
            acc.add(v);
          }
          return acc.result();
        },
      };
    },
  };
}
