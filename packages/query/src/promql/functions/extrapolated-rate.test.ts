import { describe, expect, it } from 'vitest';
import { delta, increase, rate } from './extrapolated-rate.js';
import type { RunCursor, Window } from './function.js';

/** A deterministic pseudo-random sequence (no Math.random: failures must reproduce). */
function lcg(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The per-step `fn` over every step, as the generic stepper calls it. */
function perStep(fn: (w: Window) => number | undefined, ts: Float64Array, vs: Float64Array, ends: Float64Array, rangeMs: number): (number | undefined)[] {
  return Array.from(ends, (end) => {
    let lo = 0;
    while (lo < ts.length && ts[lo]! < end - rangeMs) lo++;
    let hi = lo;
    while (hi < ts.length && ts[hi]! <= end) hi++;
    return hi > lo ? fn({ ts, vs, lo, hi, end, rangeMs, t: end, scalars: [] }) : undefined;
  });
}

describe('rate/increase/delta fast path (run)', () => {
  it('gives exactly what fn gives per step: counter resets, gaps, NaN, ends going back (@), split into blocks', () => {
    const next = lcg(7);
    for (let trial = 0; trial < 40; trial++) {
      const n = 1 + Math.floor(next() * 300);
      const ts = new Float64Array(n);
      const vs = new Float64Array(n);
      let t = 0;
      let v = 0;
      for (let i = 0; i < n; i++) {
        t += 1000 + Math.floor(next() * 60_000);
        v = next() < 0.1 ? next() * 10 : v + next() * 100; // some counter resets
        ts[i] = t;
        vs[i] = next() < 0.02 ? NaN : v;
      }
      const steps = 200;
      const ends = new Float64Array(steps);
      for (let i = 0; i < steps; i++) ends[i] = trial % 5 === 4 && i % 50 === 0 ? ts[Math.floor(n / 2)]! : (t * i) / steps;
      const rangeMs = 30_000 + Math.floor(next() * 600_000);
      for (const f of [rate, increase, delta]) {
        const impl = f.impl as Extract<typeof f.impl, { kind: 'range' }>;
        const want = perStep(impl.fn, ts, vs, ends, rangeMs);
        const values = new Float64Array(steps);
        const has = new Uint8Array(steps);
        const cur: RunCursor = { lo: 0, hi: 0, prevEnd: -Infinity, lastReset: -1 };
        for (let from = 0; from < steps; from += 37) impl.run!(ts, vs, ends, rangeMs, from, Math.min(steps, from + 37), cur, values, has);
        const got = Array.from(ends, (_, i) => (has[i] ? values[i] : undefined));
        expect(got).toEqual(want);
      }
    }
  });
});
