import { SqlExecutionError } from '../errors.js';
import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import { isIntType, type SqlType, type SqlValue } from '../types/sql-value.js';
import { argError, expectNumeric, type ScalarFunction } from './function.js';

function float(name: string, f: (x: number) => number): ScalarFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: ([x]) => {
      expectNumeric(name, x!.type);
      return mapRows('float64', [x!], (v) => f(Number(v)));
    },
  };
}

function float2(name: string, f: (x: number, y: number) => number): ScalarFunction {
  return {
    name, signature: `${name}(y, x)`, minArgs: 2, maxArgs: 2,
    bind: ([a, b]) => {
      expectNumeric(name, a!.type);
      expectNumeric(name, b!.type);
      return mapRows('float64', [a!, b!], (x, y) => f(Number(x), Number(y)));
    },
  };
}

/** `log(x)` is base 10, `log(base, x)` any base (DataFusion). */
const log: ScalarFunction = {
  name: 'log', signature: 'log([base, ]x)', minArgs: 1, maxArgs: 2,
  bind: (args) => {
    for (const a of args) expectNumeric('log', a.type);
    if (args.length === 1) return mapRows('float64', args, (x) => Math.log10(Number(x)));
    return mapRows('float64', args, (b, x) => Math.log(Number(x)) / Math.log(Number(b)));
  },
};

/** `trunc(x[, digits])`: toward zero, Float64. */
const trunc: ScalarFunction = {
  name: 'trunc', signature: 'trunc(x[, digits])', minArgs: 1, maxArgs: 2,
  bind: (args) => {
    for (const a of args) expectNumeric('trunc', a.type);
    return mapRows('float64', [castTo(args[0]!, 'float64'), ...args.slice(1)], (x, d) => {
      const k = 10 ** Number(d ?? 0);
      return Math.trunc(Number(x) * k) / k;
    });
  },
};

const toBig = (v: SqlValue) => (typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v))));

function intPair(name: string, f: (a: bigint, b: bigint) => bigint): ScalarFunction {
  return {
    name, signature: `${name}(a, b)`, minArgs: 2, maxArgs: 2,
    bind: ([a, b]) => {
      expectNumeric(name, a!.type);
      expectNumeric(name, b!.type);
      return mapRows('int64', [a!, b!], (x, y) => {
        const r = f(toBig(x), toBig(y));
        return Number.isSafeInteger(Number(r)) ? Number(r) : r;
      });
    },
  };
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** `mod(a, b)`: the remainder with the dividend's sign; integers stay integers. */
const mod: ScalarFunction = {
  name: 'mod', signature: 'mod(a, b)', minArgs: 2, maxArgs: 2,
  bind: ([a, b]) => {
    expectNumeric('mod', a!.type);
    expectNumeric('mod', b!.type);
    if (isIntType(a!.type) && isIntType(b!.type)) {
      return mapRows('int64', [a!, b!], (x, y) => {
        if (Number(y) === 0) throw new SqlExecutionError('Divide by zero error');
        const r = toBig(x) % toBig(y);
        return Number.isSafeInteger(Number(r)) ? Number(r) : r;
      });
    }
    return mapRows('float64', [a!, b!], (x, y) => Number(x) % Number(y));
  },
};

/** GreptimeDB's `clamp(x, lo, hi)`, `clamp_min(x, lo)`, `clamp_max(x, hi)`: the type of `x`. */
function clamp(name: string, arity: 2 | 3, which: 'both' | 'min' | 'max'): ScalarFunction {
  return {
    name, signature: arity === 3 ? `${name}(x, min, max)` : `${name}(x, ${which})`, minArgs: arity, maxArgs: arity,
    bind: (args) => {
      for (const a of args) expectNumeric(name, a.type);
      const t: SqlType = args[0]!.type;
      const cast = args.map((a) => (isIntType(t) ? a : castTo(a, 'float64')));
      if (which === 'both') {
        const [lo, hi] = [args[1]!.constant?.value, args[2]!.constant?.value];
        if (lo != null && hi != null && Number(lo) > Number(hi)) throw new SqlExecutionError(`Execution error: min '${String(lo)}' > max '${String(hi)}'`);
      }
      return mapRows(t === 'null' ? 'float64' : t, cast, (x, a, b) => {
        let v = x!;
        if (which !== 'max' && Number(v) < Number(a)) v = a!;
        const hi = which === 'both' ? b : which === 'max' ? a : undefined;
        if (hi !== undefined && Number(v) > Number(hi)) v = hi!;
        return v;
      });
    },
  };
}

function factorial(n: bigint): bigint {
  let r = 1n;
  for (let i = 2n; i <= n; i++) r *= i;
  return r;
}

function predicate(name: string, f: (x: number) => boolean): ScalarFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: ([x]) => {
      expectNumeric(name, x!.type);
      return mapRows('boolean', [x!], (v) => f(Number(v)));
    },
  };
}

const nanvl: ScalarFunction = {
  name: 'nanvl', signature: 'nanvl(x, y)', minArgs: 2, maxArgs: 2,
  bind: ([a, b]) => mapRows('float64', [castTo(a!, 'float64'), castTo(b!, 'float64')], (x, y) => (Number.isNaN(x) ? y : x)),
};

const pi: ScalarFunction = { name: 'pi', signature: 'pi()', minArgs: 0, maxArgs: 0, bind: () => mapRows('float64', [], () => Math.PI) };

/** `random()`: a Float64 in [0, 1), drawn per row. */
const random: ScalarFunction = {
  name: 'random', signature: 'random()', minArgs: 0, maxArgs: 0,
  bind: (): Compiled => ({ type: 'float64', eval: (b) => Array.from({ length: b.length }, () => Math.random()) }),
};

export const MATH_EXTRA_FUNCTIONS: readonly ScalarFunction[] = [
  log, trunc, mod, nanvl, pi, random,
  { ...random, name: 'rand', signature: 'rand()' },
  float('sin', Math.sin), float('cos', Math.cos), float('tan', Math.tan), float('cot', (x) => 1 / Math.tan(x)),
  float('asin', Math.asin), float('acos', Math.acos), float('atan', Math.atan),
  float('sinh', Math.sinh), float('cosh', Math.cosh), float('tanh', Math.tanh),
  float('asinh', Math.asinh), float('acosh', Math.acosh), float('atanh', Math.atanh),
  float('cbrt', Math.cbrt), float('degrees', (x) => (x * 180) / Math.PI), float('radians', (x) => (x * Math.PI) / 180),
  float2('atan2', Math.atan2),
  intPair('gcd', gcd),
  intPair('lcm', (a, b) => (a === 0n || b === 0n ? 0n : ((a < 0n ? -a : a) / gcd(a, b)) * (b < 0n ? -b : b))),
  {
    name: 'factorial', signature: 'factorial(n)', minArgs: 1, maxArgs: 1,
    bind: ([x]) => {
      expectNumeric('factorial', x!.type);
      return mapRows('int64', [x!], (v) => {
        const n = toBig(v);
        if (n > 20n) throw argError('factorial', `Overflow happened on FACTORIAL(${n})`);
        return Number(factorial(n));
      });
    },
  },
  predicate('isnan', Number.isNaN), predicate('iszero', (x) => x === 0),
  clamp('clamp', 3, 'both'), clamp('clamp_min', 2, 'min'), clamp('clamp_max', 2, 'max'),
];
