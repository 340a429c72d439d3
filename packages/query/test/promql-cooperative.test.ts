import { describe, expect, it } from 'vitest';
import { StatusCode } from '@sluice/pipeline-core';
import type { ColumnBatch, ScanRequest, Store, TableInfo } from '@sluice/storage';
import { createExecContext, createQueryEngine, type ExecContext } from '@sluice/query';

/**
 * Issue 18, PromQL's part: evaluation is cooperative, not one synchronous pass per node. A store that
 * hands over every series at once (one batch each, no awaits between them) leaves the engine's own
 * work — window functions, aggregations, vector matching, result building — as the only place that can
 * yield; each case counts event-loop turns after the store finished and checks that a deadline stops
 * the work itself (no checkpoint runs after the one that noticed the abort).
 */
const SERIES = 200;
const POINTS = 1441;
const STEP = 60_000;
const tags = (s: number) => [`i-${s}`, `j-${s % 10}`];

const table: TableInfo = {
  db: 'public', name: 'x', id: 1, createdAt: 0, timeIndex: 'service_timestamp', primaryKey: ['instance', 'job'], options: {},
  columns: [
    { name: 'instance', type: 'string', semantic: 'tag', nullable: true },
    { name: 'job', type: 'string', semantic: 'tag', nullable: true },
    { name: 'service_value', type: 'float64', semantic: 'field', nullable: true },
    { name: 'service_timestamp', type: 'timestamp_ms', semantic: 'timestamp', nullable: false },
  ],
};

/** A store with one metric table whose scan yields one typed batch per series, all before its first await. */
function fakeStore(onScanDone: () => void): Store {
  const dict0 = Array.from({ length: SERIES }, (_, s) => tags(s)[0]!);
  const dict1 = Array.from({ length: SERIES }, (_, s) => tags(s)[1]!);
  const batches: ColumnBatch[] = Array.from({ length: SERIES }, (_, s) => {
    const codes = new Int32Array(POINTS).fill(s);
    const offsets = Float64Array.from({ length: POINTS }, (_, k) => k * STEP);
    const f64 = Float64Array.from({ length: POINTS }, (_, k) => (s + 1) * k + ((s * 7919 + k * 104729) % 13));
    const col = (name: string, type: string, typed: unknown) => ({ name, type, typed, values: [] }) as unknown as ColumnBatch['columns'][number];
    return {
      length: POINTS,
      columns: [
        col('service_timestamp', 'timestamp_ms', { kind: 'time', base: 0n, offsets }),
        col('service_value', 'float64', { kind: 'f64', f64 }),
        col('instance', 'string', { kind: 'dict', codes, dict: dict0 }),
        col('job', 'string', { kind: 'dict', codes, dict: dict1 }),
      ],
    };
  });
  return {
    listDatabases: () => ['public'],
    getTable: (_db: string, name: string) => (name === 'x' ? table : undefined),
    listTables: () => [table],
    scan: (_req: ScanRequest) => ({
      [Symbol.asyncIterator]() {
        let i = 0;
        return {
          next: () => {
            if (i < batches.length) return Promise.resolve({ done: false, value: batches[i++]! });
            onScanDone();
            return Promise.resolve({ done: true, value: undefined });
          },
        };
      },
    }),
  } as unknown as Store;
}

/** An execution context that counts checkpoints once its signal fired. */
function countingExec(signal: AbortSignal | undefined, sliceMs: number): { exec: ExecContext; afterAbort: () => number } {
  const exec = createExecContext({ ...(signal ? { signal } : {}), limits: { sliceMs } });
  let after = 0;
  const checkpoint = exec.checkpoint.bind(exec);
  return {
    exec: { ...exec, checkpoint: () => ((signal?.aborted ? after++ : 0), checkpoint()), close: () => exec.close(), get heldBytes() { return exec.heldBytes; } },
    afterAbort: () => after,
  };
}

const QUERIES = [
  'sum by (job) (rate(x[5m]))',
  'quantile_over_time(0.5, x[30m])',
  'x / on (instance, job) x',
  'x * 2',
  'topk(3, x)',
  'avg by (job) (x) > bool 100',
];

describe('PromQL evaluation yields to the event loop between pieces of its own work', () => {
  for (const query of QUERIES) {
    it(query, async () => {
      let turns = 0;
      let turnsAtScanEnd = -1;
      // One count per event-loop turn (a setImmediate chain), whatever the clock does.
      let counting = true;
      const tick = () => {
        turns++;
        if (counting) setImmediate(tick);
      };
      setImmediate(tick);
      try {
        const engine = createQueryEngine(fakeStore(() => (turnsAtScanEnd = turns)));
        // sliceMs 0: every checkpoint yields, so the count is the engine's checkpoints, not a measure of time.
        const { exec } = countingExec(undefined, 0);
        const res = await engine.executePromql({ query, startMs: 0, endMs: (POINTS - 1) * STEP, stepMs: STEP, instant: false, exec });
        expect(res.resultType).toBe('matrix');
        expect(res.result.length).toBeGreaterThan(0);
      } finally {
        counting = false;
      }
      expect(turnsAtScanEnd).toBeGreaterThanOrEqual(0);
      // The store hands over its batches as already-resolved promises (microtasks, never an event-loop turn), so
      // every turn counted comes from the engine's own checkpoints: during the scan for aggregations that fold
      // each series as it arrives (eval/stream.ts), after it for the rest. A node evaluated in one synchronous
      // pass would let at most a turn or two through.
      expect(turns).toBeGreaterThan(3);
    });
  }
});

describe('a PromQL deadline stops the work itself', () => {
  it('a query far longer than its deadline is cancelled mid-evaluation, and no checkpoint runs after the abort is seen', async () => {
    const engine = createQueryEngine(fakeStore(() => {}));
    const signal = AbortSignal.timeout(100);
    const { exec, afterAbort } = countingExec(signal, 5);
    // Sorts a 1,440-sample window at each of 1,441 steps of 200 series: minutes of work.
    const run = engine.executePromql({ query: 'quantile_over_time(0.5, x[1d])', startMs: 0, endMs: (POINTS - 1) * STEP, stepMs: STEP, instant: false, exec, signal });
    const e = await run.then(() => undefined, (err: { code: number; name: string }) => err);
    expect(e).toBeDefined();
    expect(e!.name).toBe('PromqlCanceledError');
    expect(e!.code).toBe(StatusCode.Cancelled);
    expect(afterAbort()).toBeLessThanOrEqual(1);
  });
});
