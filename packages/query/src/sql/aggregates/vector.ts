import { toVector, vectorToBytes } from '../types/vector.js';
import { SqlExecutionError } from '../errors.js';
import { aggError, type AggregateFunction } from './aggregate.js';

/** `vec_sum` / `vec_product` / `vec_avg`: element-wise over the non-null vectors of a group (Binary; NULL for none). */
function vectorAggregate(name: string, start: number, step: (acc: number, x: number) => number, finish: (acc: number, n: number) => number): AggregateFunction {
  return {
    name, signature: `${name}(v)`, minArgs: 1, maxArgs: 1,
    bind: (t) => {
      if (t !== 'binary' && t !== 'string' && t !== 'null') throw aggError(name, `expected a vector (Binary or text), got ${t}`);
      return {
        type: 'binary',
        create: () => {
          let acc: Float64Array | undefined;
          let n = 0;
          return {
            add: (v) => {
              if (v === null) return;
              const x = toVector(v, name);
              acc ??= new Float64Array(x.length).fill(start);
              if (x.length !== acc.length) throw new SqlExecutionError(`vectors length not match: ${name}`);
              for (let i = 0; i < x.length; i++) acc[i] = step(acc[i]!, x[i]!);
              n++;
            },
            result: () => (acc === undefined ? null : vectorToBytes(Float32Array.from(acc, (a) => finish(a, n)))),
          };
        },
      };
    },
  };
}

export const VECTOR_AGGREGATES: readonly AggregateFunction[] = [
  vectorAggregate('vec_sum', 0, (a, x) => a + x, (a) => a),
  vectorAggregate('vec_product', 1, (a, x) => a * x, (a) => a),
  vectorAggregate('vec_avg', 0, (a, x) => a + x, (a, n) => a / n),
];
