import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLmdbStore, type Store } from '@sluice/storage';
import { createQueryEngine, type QueryEngine } from '@sluice/query';

let dir: string;
let store: Store;
let engine: QueryEngine;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'q-explain-analyze-'));
  store = await openLmdbStore({ dataHome: dir, noSync: true, ttlSweepIntervalMs: 0 });
  engine = createQueryEngine(store);
  await engine.executeSql("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, val DOUBLE); INSERT INTO m VALUES (1000, 'a', 1), (2000, 'a', 2), (3000, 'b', 3)", { db: 'public' });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const analyze = async (sql: string) => {
  const [out] = await engine.executeSql(sql, { db: 'public' });
  if (out?.kind !== 'records') throw new Error('expected records');
  return out;
};

it('EXPLAIN ANALYZE runs the query and answers in GreptimeDB layout: stage, node, plan, then Total rows', async () => {
  const out = await analyze('EXPLAIN ANALYZE SELECT host, max(val) FROM m WHERE val > 1 GROUP BY host ORDER BY host');
  expect(out.columns.map((c) => [c.name, c.dataType])).toEqual([['stage', 'UInt32'], ['node', 'UInt32'], ['plan', 'String']]);
  expect(out.rows).toHaveLength(2);
  const plan = String(out.rows[0]![2]);
  expect(out.rows[0]!.slice(0, 2)).toEqual([0, 0]);
  expect(plan.split('\n')[0]).toMatch(/^Sort: host metrics=\[elapsed_ms: [\d.]+, output_rows: 2\]$/);
  expect(plan).toContain('StoreScan: table=public.m metrics=[scans: 1, rows_read: ');
  expect(out.rows[1]).toEqual([null, null, 'Total rows: 2']);
});

it('EXPLAIN ANALYZE VERBOSE adds the bytes held, and a range query shows its RangeSelect', async () => {
  const plan = String((await analyze("EXPLAIN ANALYZE VERBOSE SELECT ts, host, max(val) RANGE '5s' FROM m ALIGN '5s'")).rows[0]![2]);
  expect(plan.split('\n')[0]).toMatch(/output_rows: 2, held_bytes: \d+\]$/);
  expect(plan).toContain('RangeSelect: range_exprs=[max(m.val) RANGE 5s], align=5000ms, align_to=0ms, align_by=[m.host], time_index=ts');
  expect(plan).toContain('rows_read: 3');
});

it('EXPLAIN still plans without reading', async () => {
  const out = await analyze('EXPLAIN SELECT * FROM m');
  expect(out.columns.map((c) => c.name)).toEqual(['plan_type', 'plan']);
});
