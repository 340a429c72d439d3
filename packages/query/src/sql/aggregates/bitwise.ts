import { isIntType, type SqlType, type SqlValue } from '../types/sql-value.js';
import { aggError, type AggregateFunction } from './aggregate.js';

/** `bit_and`, `bit_or`, `bit_xor` over integers (NULLs skipped, NULL for no rows); the input's type. */
function bitwise(name: string, op: (a: bigint, b: bigint) => bigint): AggregateFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: (t: SqlType) => {
      if (!isIntType(t) && t !== 'null') throw aggError(name, `argument must be an integer, got ${t}`);
      return {
        type: t === 'null' ? 'int64' : t,
        create: () => {
          let acc: bigint | undefined;
          return {
            add: (v: SqlValue) => {
              if (v === null) return;
              const x = BigInt(v as number | bigint);
              acc = acc === undefined ? x : op(acc, x);
            },
            result: () => (acc === undefined ? null : Number.isSafeInteger(Number(acc)) ? Number(acc) : acc),
          };
        },
      };
    },
  };
}

/** `bool_and`, `bool_or` over booleans. */
function boolean(name: string, and: boolean): AggregateFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: (t: SqlType) => {
      if (t !== 'boolean' && t !== 'null') throw aggError(name, `argument must be boolean, got ${t}`);
      return {
        type: 'boolean',
        create: () => {
          let acc: boolean | null = null;
          return {
            add: (v: SqlValue) => {
              if (v === null) return;
              acc = acc === null ? (v as boolean) : and ? acc && (v as boolean) : acc || (v as boolean);
            },
            result: () => acc,
          };
        },
      };
    },
  };
}

export const BITWISE_AGGREGATES: readonly AggregateFunction[] = [
  bitwise('bit_and', (a, b) => a & b),
  bitwise('bit_or', (a, b) => a | b),
  bitwise('bit_xor', (a, b) => a ^ b),
  boolean('bool_and', true),
  boolean('bool_or', false),
];
