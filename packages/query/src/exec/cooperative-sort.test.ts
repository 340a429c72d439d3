import { describe, expect, it } from 'vitest';
import { cooperativeOrder } from './cooperative-sort.js';
import { createExecContext } from './exec-context.js';

describe('cooperativeOrder', () => {
  it('orders like a stable Array.sort, across run and merge boundaries', async () => {
    for (const n of [0, 1, 5, 8192, 8193, 40_000]) {
      const v = Array.from({ length: n }, (_, i) => (i * 7919) % 1009);
      const cmp = (a: number, b: number) => v[a]! - v[b]!;
      const want = Array.from({ length: n }, (_, i) => i).sort((a, b) => cmp(a, b) || a - b);
      expect(Array.from(await cooperativeOrder(n, cmp))).toEqual(want);
    }
  });

  it('input already in order (ties included) comes back as is; one pair out of order at the end still sorts', async () => {
    for (const n of [2, 100, 20_000]) {
      const v = Array.from({ length: n }, (_, i) => Math.floor(i / 3));
      const cmp = (a: number, b: number) => v[a]! - v[b]!;
      expect(Array.from(await cooperativeOrder(n, cmp))).toEqual(v.map((_, i) => i));
      [v[n - 2], v[n - 1]] = [v[n - 1]! + 1, v[n - 2]!];
      const want = Array.from({ length: n }, (_, i) => i).sort((a, b) => cmp(a, b) || a - b);
      expect(Array.from(await cooperativeOrder(n, cmp))).toEqual(want);
      expect(want.at(-1)).toBe(n - 2);
    }
  });

  it('yields to the event loop while it sorts, and stops when the request is cancelled', async () => {
    const n = 400_000;
    const v = Array.from({ length: n }, (_, i) => (i * 7919) % 100_003);
    const ac = new AbortController();
    const exec = createExecContext({ signal: ac.signal, limits: { sliceMs: 1 } });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    setTimeout(() => ac.abort(), 5);
    try {
      await expect(cooperativeOrder(n, (a, b) => v[a]! - v[b]!, exec)).rejects.toMatchObject({ code: 1005 });
    } finally {
      clearInterval(timer);
    }
    // The timers ran while the sort was in progress (it is not one synchronous step).
    expect(ticks).toBeGreaterThan(0);
    // What it held for the row order was given back.
    expect(exec.heldBytes).toBe(0);
  });

  it('counts its index arrays toward the memory budget', async () => {
    const exec = createExecContext({ limits: { memoryBytes: 1000 } });
    await expect(cooperativeOrder(1000, (a, b) => a - b, exec)).rejects.toMatchObject({ code: 6000 });
  });
});
