import { defineFunction, type PromqlFunction } from './function.js';

const simple = (name: string, fn: (v: number) => number): PromqlFunction =>
  defineFunction({ name, args: ['vector'], variadic: 0, returns: 'vector', impl: { kind: 'elementwise', fn: (v) => fn(v) } });

/** Go's math.Round-free rounding helpers are not needed: these are the element-wise math functions of PromQL. */
export const MATH_FUNCTIONS: readonly PromqlFunction[] = [
  simple('abs', Math.abs),
  simple('ceil', Math.ceil),
  simple('floor', Math.floor),
  simple('exp', Math.exp),
  simple('sqrt', Math.sqrt),
  simple('ln', Math.log),
  simple('log2', Math.log2),
  simple('log10', Math.log10),
  simple('sgn', (v) => (v < 0 ? -1 : v > 0 ? 1 : v)),
  simple('acos', Math.acos), simple('acosh', Math.acosh), simple('asin', Math.asin), simple('asinh', Math.asinh),
  simple('atan', Math.atan), simple('atanh', Math.atanh), simple('cos', Math.cos), simple('cosh', Math.cosh),
  simple('sin', Math.sin), simple('sinh', Math.sinh), simple('tan', Math.tan), simple('tanh', Math.tanh),
  simple('deg', (v) => (v * 180) / Math.PI),
  simple('rad', (v) => (v * Math.PI) / 180),
  defineFunction({
    name: 'round', args: ['vector', 'scalar'], variadic: 1, returns: 'vector',
    impl: {
      kind: 'elementwise',
      fn: (v, s) => {
        const inv = 1 / (s[0] ?? 1);
        return Math.floor(v * inv + 0.5) / inv;
      },
    },
  }),
  defineFunction({
    name: 'clamp', args: ['vector', 'scalar', 'scalar'], variadic: 0, returns: 'vector',
    impl: { kind: 'elementwise', fn: (v, [min, max]) => (max! < min! ? undefined : Math.max(min!, Math.min(max!, v))) },
  }),
  defineFunction({ name: 'clamp_max', args: ['vector', 'scalar'], variadic: 0, returns: 'vector', impl: { kind: 'elementwise', fn: (v, [max]) => Math.min(max!, v) } }),
  defineFunction({ name: 'clamp_min', args: ['vector', 'scalar'], variadic: 0, returns: 'vector', impl: { kind: 'elementwise', fn: (v, [min]) => Math.max(min!, v) } }),
];
