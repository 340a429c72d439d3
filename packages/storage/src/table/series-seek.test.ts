import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLmdbStore, type LmdbStore } from '../index.js';
import type { Predicate, ScanRequest } from '../store.js';
import { collect } from '../test-support.js';

// Scans that select a few series of a row table read only those series (series-seek.ts): every answer
// here is checked against a full scan filtered in the test.

const SCHEMA: ColumnSchema[] = [
  { name: 'instance', type: 'string', semantic: 'tag' },
  { name: 'job', type: 'string', semantic: 'tag' },
  { name: 'v', type: 'float64', semantic: 'field' },
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
];
const SERIES = 80;

let dir: string;
let s: LmdbStore;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sluice-seek-'));
  s = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
  const rows: Value[][] = [];
  for (let i = 0; i < SERIES; i++) {
    // Regular series (aligned, 10 s), jittered ones (every row its own time), and a sparse one.
    for (let k = 0; k < 60; k++) {
      if (i === 5 && k % 7 !== 0) continue;
      const ts = i % 3 === 0 ? 1_000_000 + k * 10_000 + i * 13 + (k % 5) : 1_000_000 + k * 10_000;
      rows.push([`i-${i}`, `j-${i % 4}`, i * 1000 + k, ts]);
    }
  }
  // Regular rows also in a second table sharing nothing, and one null value.
  rows.push(['i-1', 'j-1', null, 999_000]);
  await s.write([{ db: 'public', table: 'x', schema: SCHEMA, rows }]);
  await s.write([{ db: 'public', table: 'y', schema: SCHEMA, rows: rows.slice(0, 500) }]);
  // Only aligned series: every selected row is found by seeks (x's unaligned rows make the reader fall back to a walk).
  await s.write([{ db: 'public', table: 'z', schema: SCHEMA, rows: rows.filter((r) => Number(r[3]) % 10_000 === 0) }]);
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const all = async (req: Partial<ScanRequest>, table = 'x') => collect(s, { db: 'public', table, ...req, predicates: [] });
const keep = (p: Predicate, r: Record<string, Value>): boolean => {
  const v = r[p.column] ?? '';
  if (p.op === '=') return v === p.value;
  const re = new RegExp(`^(?:${p.value as string})$`);
  return p.op === 'regex' ? re.test(String(v)) : !re.test(String(v));
};

describe('scans of a few series (row tables)', () => {
  const cases: Predicate[][] = [
    [{ column: 'instance', op: '=', value: 'i-7' }],
    [{ column: 'instance', op: '=', value: 'i-3' }],
    [{ column: 'instance', op: '=', value: 'i-5' }],
    [{ column: 'instance', op: 'regex', value: 'i-1|i-2|i-9' }],
    [{ column: 'instance', op: 'regex', value: 'i-(0|6|12)' }],
    [{ column: 'instance', op: '=', value: 'nope' }],
    [{ column: 'job', op: '=', value: 'j-1' }, { column: 'instance', op: 'regex', value: 'i-(1|5|13)' }],
  ];
  const shapes: Partial<ScanRequest>[] = [
    {},
    { descending: true },
    { timeRange: { startNs: 1_100_000_000_000n, endNs: 1_300_000_000_000n } },
    { timeRange: { startNs: 1_100_000_000_000n, endNs: 1_300_000_000_000n }, descending: true },
    { limit: 9 },
    { limit: 9, descending: true },
    { batchSize: 7 },
    { typed: true, batchSize: 5 },
  ];
  it.each(cases.flatMap((c) => ['x', 'z'].map((table) => [table, JSON.stringify(c), c] as const)))('%s %s: the same rows, in the same order, as a filtered full scan', async (table, _name, preds) => {
    for (const shape of shapes) {
      const { limit, ...unlimited } = shape;
      let want = (await all(unlimited, table)).filter((r) => preds.every((p) => keep(p, r)));
      if (limit !== undefined) want = want.slice(0, limit);
      const got = await collect(s, { db: 'public', table, ...shape, predicates: preds });
      expect(got, JSON.stringify(shape, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).toEqual(want);
    }
  });

  it('deletes only the selected series', async () => {
    const before = (await all({})).length;
    const sel = (await all({})).filter((r) => r.instance === 'i-11').length;
    expect(sel).toBe(60);
    expect(await s.deleteRows({ db: 'public', table: 'x', predicates: [{ column: 'instance', op: '=', value: 'i-11' }] })).toBe(60);
    expect((await all({})).length).toBe(before - 60);
    expect(await collect(s, { db: 'public', table: 'y', columns: ['v'], predicates: [{ column: 'instance', op: '=', value: 'i-1' }] })).toHaveLength(60);
  });
});
