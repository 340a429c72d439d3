import { defineFunction, type Window } from './function.js';

/** irate/idelta: from the last two samples of the window. */
function instantValue(w: Window, isRate: boolean): number | undefined {
  if (w.hi - w.lo < 2) return undefined;
  const last = w.vs[w.hi - 1]!;
  const prev = w.vs[w.hi - 2]!;
  let result = isRate && last < prev ? last : last - prev;
  const interval = w.ts[w.hi - 1]! - w.ts[w.hi - 2]!;
  if (interval === 0) return undefined;
  if (isRate) result /= interval / 1000;
  return result;
}

export const irate = defineFunction({ name: 'irate', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => instantValue(w, true) } });
export const idelta = defineFunction({ name: 'idelta', args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', fn: (w) => instantValue(w, false) } });
