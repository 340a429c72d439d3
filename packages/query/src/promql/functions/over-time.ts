import { defineFunction, type Window } from './function.js';
import { quantile } from './quantile.js';

const over = (name: string, fn: (w: Window) => number | undefined, keepName = false) =>
  defineFunction({ name, args: ['matrix'], variadic: 0, returns: 'vector', impl: { kind: 'range', keepName, fn } });

export const avg_over_time = over('avg_over_time', ({ vs, lo, hi }) => {
  let mean = 0, count = 0, c = 0;
  for (let i = lo; i < hi; i++) {
    const v = vs[i]!;
    count++;
    if (!Number.isFinite(mean) && !Number.isNaN(mean)) {
      if (!Number.isFinite(v) && !Number.isNaN(v) && mean > 0 === v > 0) continue;
      if (Number.isFinite(v)) continue;
    }
    // kahanSumInc(v / count - mean / count, mean, c), inline (no pair allocated per sample)
    const inc = v / count - mean / count;
    const t = mean + inc;
    c += Math.abs(mean) >= Math.abs(inc) ? mean - t + inc : inc - t + mean;
    mean = t;
  }
  return !Number.isFinite(mean) && !Number.isNaN(mean) ? mean : mean + c;
});

export const sum_over_time = over('sum_over_time', ({ vs, lo, hi }) => {
  let sum = 0, c = 0;
  for (let i = lo; i < hi; i++) {
    const inc = vs[i]!;
    const t = sum + inc;
    c += Math.abs(sum) >= Math.abs(inc) ? sum - t + inc : inc - t + sum;
    sum = t;
  }
  return !Number.isFinite(sum) && !Number.isNaN(sum) ? sum : sum + c;
});

export const count_over_time = over('count_over_time', ({ lo, hi }) => hi - lo);

export const max_over_time = over('max_over_time', ({ vs, lo, hi }) => {
  let m = vs[lo]!;
  for (let i = lo; i < hi; i++) if (vs[i]! > m || Number.isNaN(m)) m = vs[i]!;
  return m;
});

export const min_over_time = over('min_over_time', ({ vs, lo, hi }) => {
  let m = vs[lo]!;
  for (let i = lo; i < hi; i++) if (vs[i]! < m || Number.isNaN(m)) m = vs[i]!;
  return m;
});

function variance({ vs, lo, hi }: Window): number {
  let count = 0, mean = 0, cMean = 0, aux = 0, cAux = 0;
  for (let i = lo; i < hi; i++) {
    const v = vs[i]!;
    count++;
    const delta = v - (mean + cMean);
    // kahanSumInc(delta / count, mean, cMean) and kahanSumInc(delta * (v - (mean + cMean)), aux, cAux), inline
    const inc = delta / count;
    const t = mean + inc;
    cMean += Math.abs(mean) >= Math.abs(inc) ? mean - t + inc : inc - t + mean;
    mean = t;
    const inc2 = delta * (v - (mean + cMean));
    const t2 = aux + inc2;
    cAux += Math.abs(aux) >= Math.abs(inc2) ? aux - t2 + inc2 : inc2 - t2 + aux;
    aux = t2;
  }
  return (aux + cAux) / count;
}

export const stddev_over_time = over('stddev_over_time', (w) => Math.sqrt(variance(w)));
export const stdvar_over_time = over('stdvar_over_time', variance);
export const last_over_time = over('last_over_time', ({ vs, hi }) => vs[hi - 1]!, true);
export const present_over_time = over('present_over_time', () => 1);

export const quantile_over_time = defineFunction({
  name: 'quantile_over_time', args: ['scalar', 'matrix'], variadic: 0, returns: 'vector',
  impl: { kind: 'range', fn: (w) => quantile(w.scalars[0]!, Array.from(w.vs.subarray(w.lo, w.hi))) },
});

export const changes = over('changes', ({ vs, lo, hi }) => {
  let n = 0;
  let prev = vs[lo]!;
  for (let i = lo + 1; i < hi; i++) {
    const cur = vs[i]!;
    if (cur !== prev && !(Number.isNaN(cur) && Number.isNaN(prev))) n++;
    prev = cur;
  }
  return n;
});

export const resets = over('resets', ({ vs, lo, hi }) => {
  let n = 0;
  let prev = vs[lo]!;
  for (let i = lo + 1; i < hi; i++) {
    if (vs[i]! < prev) n++;
    prev = vs[i]!;
  }
  return n;
});
