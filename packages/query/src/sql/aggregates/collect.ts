import type { Value } from '@sluice/pipeline-core';
import { keyOf } from '../types/compare.js';
import { Interval, type SqlValue } from '../types/sql-value.js';
import { aggError, type AggregateFunction } from './aggregate.js';

/** `approx_distinct(x)`: the number of distinct non-null values (computed exactly). */
const approxDistinct: AggregateFunction = {
  name: 'approx_distinct', signature: 'approx_distinct(x)', minArgs: 1, maxArgs: 1,
  bind: () => ({
    type: 'uint64',
    create: () => {
      const seen = new Set<string>();
      return { add: (v) => void (v !== null && seen.add(keyOf(v))), result: () => seen.size };
    },
  }),
};

/** `array_agg(x)`: the values (nulls included) as a Json array, in input order. */
const arrayAgg: AggregateFunction = {
  name: 'array_agg', signature: 'array_agg(x)', minArgs: 1, maxArgs: 1,
  bind: () => ({
    type: 'json',
    create: () => {
      const xs: Value[] = [];
      return { add: (v) => void xs.push(v instanceof Interval ? v.toString() : (v as Value)), result: () => xs };
    },
  }),
};

/** `string_agg(x, separator)`: non-null values as text joined by the separator; NULL for no values. */
const stringAgg: AggregateFunction = {
  name: 'string_agg', signature: "string_agg(x, 'separator')", minArgs: 2, maxArgs: 2,
  bind: (_t, extra) => {
    const sep = extra[0];
    if (typeof sep !== 'string') throw aggError('string_agg', 'the separator must be a string literal');
    return {
      type: 'string',
      create: () => {
        const xs: string[] = [];
        return {
          add: (v: SqlValue) => void (v !== null && xs.push(typeof v === 'string' ? v : String(v))),
          result: () => (xs.length === 0 ? null : xs.join(sep)),
        };
      },
    };
  },
};

export const COLLECT_AGGREGATES: readonly AggregateFunction[] = [approxDistinct, arrayAgg, stringAgg];
