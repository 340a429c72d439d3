import { SqlExecutionError } from '../errors.js';
import { mapRows, type Compiled } from '../expr/compiled.js';
import { parseVectorText, toVector, vectorToBytes, vectorToText } from '../types/vector.js';
import { argError, expectNumeric, type ScalarFunction } from './function.js';

/** GreptimeDB's vector functions: arguments are VECTOR (Binary of little-endian Float32) or text `[1.0, 2.0]`. */

function expectVector(fn: string, c: Compiled): void {
  if (c.type !== 'binary' && c.type !== 'string' && c.type !== 'null') throw new SqlExecutionError(`${fn}: expected a vector (Binary or text), got ${c.type}`);
}

function sameLength(fn: string, a: Float32Array, b: Float32Array): void {
  if (a.length !== b.length) throw new SqlExecutionError(`vectors length not match: ${fn}`);
}

function distance(name: string, f: (a: Float32Array, b: Float32Array) => number): ScalarFunction {
  return {
    name, signature: `${name}(a, b)`, minArgs: 2, maxArgs: 2,
    bind: ([a, b]) => {
      expectVector(name, a!);
      expectVector(name, b!);
      return mapRows('float32', [a!, b!], (x, y) => {
        const va = toVector(x, name);
        const vb = toVector(y, name);
        sameLength(name, va, vb);
        return Math.fround(f(va, vb));
      });
    },
  };
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

function elementwise(name: string, f: (x: number, y: number) => number): ScalarFunction {
  return {
    name, signature: `${name}(a, b)`, minArgs: 2, maxArgs: 2,
    bind: ([a, b]) => {
      expectVector(name, a!);
      expectVector(name, b!);
      return mapRows('binary', [a!, b!], (x, y) => {
        const va = toVector(x, name);
        const vb = toVector(y, name);
        sameLength(name, va, vb);
        return vectorToBytes(va.map((v, i) => f(v, vb[i]!)));
      });
    },
  };
}

function scalarOp(name: string, f: (s: number, x: number) => number): ScalarFunction {
  return {
    name, signature: `${name}(scalar, v)`, minArgs: 2, maxArgs: 2,
    bind: ([s, v]) => {
      expectNumeric(name, s!.type);
      expectVector(name, v!);
      return mapRows('binary', [s!, v!], (k, x) => vectorToBytes(toVector(x, name).map((e) => f(Number(k), e))));
    },
  };
}

function reduce(name: string, f: (v: Float32Array) => number): ScalarFunction {
  return {
    name, signature: `${name}(v)`, minArgs: 1, maxArgs: 1,
    bind: ([v]) => {
      expectVector(name, v!);
      return mapRows('float32', [v!], (x) => Math.fround(f(toVector(x, name))));
    },
  };
}

const parseVec: ScalarFunction = {
  name: 'parse_vec', signature: "parse_vec('[x, y, ...]')", minArgs: 1, maxArgs: 1,
  bind: ([s]) => {
    if (s!.type !== 'string' && s!.type !== 'null') throw argError('parse_vec', `expected text like '[1.0, 2.0]', got ${s!.type}`);
    return mapRows('binary', [s!], (x) => vectorToBytes(parseVectorText(String(x))));
  },
};

const vecToString: ScalarFunction = {
  name: 'vec_to_string', signature: 'vec_to_string(v)', minArgs: 1, maxArgs: 1,
  bind: ([v]) => {
    expectVector('vec_to_string', v!);
    return mapRows('string', [v!], (x) => vectorToText(toVector(x, 'vec_to_string')));
  },
};

const vecDim: ScalarFunction = {
  name: 'vec_dim', signature: 'vec_dim(v)', minArgs: 1, maxArgs: 1,
  bind: ([v]) => {
    expectVector('vec_dim', v!);
    return mapRows('uint64', [v!], (x) => toVector(x, 'vec_dim').length);
  },
};

const vecNorm: ScalarFunction = {
  name: 'vec_norm', signature: 'vec_norm(v)', minArgs: 1, maxArgs: 1,
  bind: ([v]) => {
    expectVector('vec_norm', v!);
    return mapRows('binary', [v!], (x) => {
      const a = toVector(x, 'vec_norm');
      const n = norm(a);
      return vectorToBytes(n === 0 ? a : a.map((e) => e / n));
    });
  },
};

const vecKthElem: ScalarFunction = {
  name: 'vec_kth_elem', signature: 'vec_kth_elem(v, k)', minArgs: 2, maxArgs: 2,
  bind: ([v, k]) => {
    expectVector('vec_kth_elem', v!);
    expectNumeric('vec_kth_elem', k!.type, 'k');
    return mapRows('float32', [v!, k!], (x, i) => {
      const a = toVector(x, 'vec_kth_elem');
      const n = Number(i);
      if (!Number.isInteger(n) || n < 0 || n >= a.length) throw new SqlExecutionError(`vec_kth_elem: index ${String(i)} out of range for a vector of ${a.length} elements`);
      return a[n]!;
    });
  },
};

const vecSubvector: ScalarFunction = {
  name: 'vec_subvector', signature: 'vec_subvector(v, start, end)', minArgs: 3, maxArgs: 3,
  bind: ([v, s, e]) => {
    expectVector('vec_subvector', v!);
    expectNumeric('vec_subvector', s!.type, 'start');
    expectNumeric('vec_subvector', e!.type, 'end');
    return mapRows('binary', [v!, s!, e!], (x, from, to) => {
      const a = toVector(x, 'vec_subvector');
      const i = Number(from);
      const j = Number(to);
      if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j > a.length || i > j) {
        throw new SqlExecutionError(`vec_subvector: range [${i}, ${j}) is outside a vector of ${a.length} elements`);
      }
      return vectorToBytes(a.subarray(i, j));
    });
  },
};

export const VECTOR_FUNCTIONS: readonly ScalarFunction[] = [
  parseVec, vecToString, vecDim, vecNorm, vecKthElem, vecSubvector,
  distance('vec_cos_distance', (a, b) => {
    const d = norm(a) * norm(b);
    return d === 0 ? 1 : 1 - dot(a, b) / d;
  }),
  distance('vec_l2sq_distance', (a, b) => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
    return s;
  }),
  distance('vec_dot_product', dot),
  elementwise('vec_add', (x, y) => x + y),
  elementwise('vec_sub', (x, y) => x - y),
  elementwise('vec_mul', (x, y) => x * y),
  elementwise('vec_div', (x, y) => x / y),
  scalarOp('vec_scalar_add', (s, x) => s + x),
  scalarOp('vec_scalar_mul', (s, x) => s * x),
  reduce('vec_elem_sum', (a) => a.reduce((s, x) => s + x, 0)),
  reduce('vec_elem_product', (a) => a.reduce((s, x) => s * x, 1)),
  reduce('vec_elem_avg', (a) => (a.length === 0 ? NaN : a.reduce((s, x) => s + x, 0) / a.length)),
];



