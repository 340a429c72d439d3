import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Value } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkView } from '../codec/chunk-codec.js';
import { openLmdbStore } from '../index.js';
import { collect, LOG_SCHEMA } from '../test-support.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const MIN = 60_000;
/** Rows at the given times (ms), two hosts. */
const at = (times: number[]): Value[][] => times.map((t, i) => [t, i % 2 ? 'a' : 'b', 'info', i]);

describe('per-bucket counts from chunk metadata', () => {
  it('counts chunks inside one bucket without decoding them, and the rest row by row; same answer as counting rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-histogram-'));
    dirs.push(dir);
    const s = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0, noSync: true });
    const writes = [
      at([0, 1_000, 59_999]), // one bucket
      at([MIN + 5, MIN + 10]), // one bucket
      at([2 * MIN - 10, 2 * MIN, 2 * MIN + 10, 3 * MIN + 1]), // spans three buckets
      at([-MIN + 1, -1]), // before the epoch: one bucket
      at([10 * MIN + 3, 10 * MIN - 3]), // out of order, spans two
    ];
    for (const rows of writes) await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows, options: { append_mode: true } }]);
    const all = await collect(s, { db: 'public', table: 'logs' });
    const expected = (lo = -Infinity, hi = Infinity) => {
      const m = new Map<bigint, number>();
      for (const r of all) {
        const t = Number(r.ts as bigint);
        if (t < lo || t >= hi) continue;
        const b = BigInt(Math.floor(t / MIN) * MIN);
        m.set(b, (m.get(b) ?? 0) + 1);
      }
      return [...m].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([b, n]) => [b, n, n]);
    };
    const decoded = vi.spyOn(ChunkView.prototype, 'deltas');
    const groupBy = [{ column: 'ts', bucketNs: BigInt(MIN) * 1_000_000n }];
    const aggregates = [{ fn: 'count' as const }, { fn: 'count' as const, column: 'ts' }];
    expect(await s.aggregate({ db: 'public', table: 'logs', groupBy, aggregates })).toEqual(expected());
    // Only the two chunks that span buckets were decoded.
    expect(decoded).toHaveBeenCalledTimes(2);
    // A time range cutting chunks: those are decoded and only their rows inside count.
    const timeRange = { startNs: 500n * 1_000_000n, endNs: BigInt(2 * MIN + 5) * 1_000_000n };
    expect(await s.aggregate({ db: 'public', table: 'logs', groupBy, aggregates, timeRange })).toEqual(expected(500, 2 * MIN + 5));
    await s.close();
  });
});
