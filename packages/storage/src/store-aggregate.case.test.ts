import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import type { AggregateSpec, Store } from './store.js';
import { collect } from './test-support.js';
import { compareValues } from './table/compare.js';

const SCHEMA: readonly ColumnSchema[] = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'level', type: 'string', semantic: 'field' },
  { name: 'latency', type: 'float64', semantic: 'field' },
  { name: 'status', type: 'int32', semantic: 'field' },
];

const SPECS: AggregateSpec[] = [
  { fn: 'count' },
  { fn: 'count', column: 'latency' },
  { fn: 'min', column: 'latency' },
  { fn: 'max', column: 'latency' },
  { fn: 'min', column: 'ts' },
  { fn: 'max', column: 'ts' },
  { fn: 'min', column: 'level' },
  { fn: 'max', column: 'status' },
  { fn: 'count', column: 'status' },
];

/** What a scan says the aggregates are. */
async function byScan(s: Store, range: { startNs?: bigint; endNs?: bigint } | undefined): Promise<Value[]> {
  const rows = await collect(s, { db: 'public', table: 'logs', ...(range ? { timeRange: range } : {}) });
  return SPECS.map((a) => {
    if (a.column === undefined) return rows.length;
    const vals = rows.map((r) => r[a.column!]!).filter((v) => v !== null);
    if (a.fn === 'count') return vals.length;
    if (vals.length === 0) return null;
    return vals.reduce((x, y) => (compareValues(y, x) * (a.fn === 'min' ? -1 : 1) > 0 ? y : x));
  });
}

/** Part of the storage contract: the optional aggregate pushdown agrees with a scan whenever it answers. */
export function runAggregateCases(fresh: () => Promise<Store>): void {
  describe('aggregate pushdown (optional)', () => {
    it('answers count/min/max like a scan, over whole and cut chunks, nulls, and a column added later', async () => {
      const s = await fresh();
      if (s.aggregate === undefined) return;
      let seed = 3;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
      // Writes out of time order (overlapping chunks), spanning several one-minute chunks.
      for (let w = 0; w < 6; w++) {
        const rows: Value[][] = Array.from({ length: 400 }, () => {
          const t = 1_700_000_000_000 + rand(300_000);
          return [t, `h${rand(5)}`, rand(9) === 0 ? null : ['info', 'warn', 'error'][rand(3)]!, rand(7) === 0 ? null : rand(10_000) / 3, rand(500)];
        });
        await s.write([{ db: 'public', table: 'logs', schema: w < 3 ? SCHEMA.slice(0, 4) : SCHEMA, rows: w < 3 ? rows.map((r) => r.slice(0, 4)) : rows, options: { append_mode: true } }]);
      }
      const ms = (x: number) => BigInt(x) * 1_000_000n;
      let answered = 0;
      for (const range of [undefined, { startNs: ms(1_700_000_050_000) }, { endNs: ms(1_700_000_123_457) }, { startNs: ms(1_700_000_061_001), endNs: ms(1_700_000_200_003) }, { startNs: ms(1_800_000_000_000) }]) {
        const got = await s.aggregate({ db: 'public', table: 'logs', aggregates: SPECS, ...(range ? { timeRange: range } : {}) });
        if (got === undefined) continue;
        answered++;
        expect(got.map((r) => [...r])).toEqual([await byScan(s, range)]);
      }
      // A store that offers the pushdown answers this plain case (no predicates, no tag columns).
      expect(answered).toBe(5);
      if (s.statistics) {
        const st = await s.statistics('public', 'logs');
        expect(st.rows).toBe(2400);
      }
    });

    it('counts rows alone (count(*), count(ts)) like a scan, with logical tables sharing a physical one and a table beside them', async () => {
      const s = await fresh();
      if (s.aggregate === undefined) return;
      const schema: ColumnSchema[] = [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'host', type: 'string', semantic: 'tag' }, { name: 'v', type: 'float64', semantic: 'field' }];
      const shared = { physical_table: 'shared_physical', append_mode: true };
      const sizes: Record<string, number> = { a: 0, b: 0, other: 0 };
      let seed = 5;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
      for (let w = 0; w < 5; w++) {
        for (const table of ['a', 'b', 'other']) {
          const n = 1 + rand(700);
          sizes[table]! += n;
          const rows: Value[][] = Array.from({ length: n }, () => [1_700_000_000_000 + rand(600_000), `h${rand(40)}`, rand(100)]);
          await s.write([{ db: 'public', table, schema, rows, options: table === 'other' ? { append_mode: true } : shared }]);
        }
      }
      for (const table of ['a', 'b', 'other']) {
        const got = await s.aggregate({ db: 'public', table, aggregates: [{ fn: 'count' }, { fn: 'count', column: 'ts' }] });
        if (got === undefined) continue;
        const scanned = (await collect(s, { db: 'public', table })).length;
        expect(scanned, table).toBe(sizes[table]);
        expect(got.map((r) => [...r]), table).toEqual([[scanned, scanned]]);
      }
    });

    it('groups by a tag, a field and time buckets like a scan (first-met order, predicates, nulls)', async () => {
      const s = await fresh();
      if (s.aggregate === undefined) return;
      let seed = 11;
      const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
      for (let w = 0; w < 4; w++) {
        const rows: Value[][] = Array.from({ length: 500 }, () => [1_700_000_000_000 + rand(400_000), `h${rand(6)}`, rand(9) === 0 ? null : ['info', 'warn', 'error'][rand(3)]!, rand(7) === 0 ? null : rand(10_000) / 3, rand(500)]);
        await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows, options: { append_mode: true } }]);
      }
      const all = await collect(s, { db: 'public', table: 'logs' });
      const cases: { groupBy: { column: string; bucketNs?: bigint }[]; keep?: (r: Record<string, Value>) => boolean; predicates?: { column: string; op: '>='; value: Value }[] }[] = [
        { groupBy: [{ column: 'host' }] },
        { groupBy: [{ column: 'level' }] },
        { groupBy: [{ column: 'ts', bucketNs: 60_000_000_000n }] },
        { groupBy: [{ column: 'host' }, { column: 'level' }], predicates: [{ column: 'status', op: '>=', value: 250 }], keep: (r) => (r.status as number) >= 250 },
      ];
      for (const c of cases) {
        const got = await s.aggregate({
          db: 'public', table: 'logs', groupBy: c.groupBy, ...(c.predicates ? { predicates: c.predicates } : {}),
          aggregates: [{ fn: 'count' }, { fn: 'avg', column: 'latency' }, { fn: 'sum', column: 'latency' }, { fn: 'max', column: 'status' }, { fn: 'min', column: 'level' }],
        });
        // A store that offers the pushdown answers these plain GROUP BYs.
        expect(got).toBeDefined();
        if (got === undefined) continue;
        const groups = new Map<string, { key: Value[]; rows: Record<string, Value>[] }>();
        for (const r of all.filter(c.keep ?? (() => true))) {
          const key = c.groupBy.map((k) => (k.bucketNs ? ((r.ts as bigint) / 60_000n) * 60_000n : r[k.column]!));
          const id = JSON.stringify(key, (_, x) => (typeof x === 'bigint' ? String(x) : x));
          if (!groups.has(id)) groups.set(id, { key, rows: [] });
          groups.get(id)!.rows.push(r);
        }
        const round = (v: Value) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(10)) : v);
        const expected = [...groups.values()].map(({ key, rows }) => {
          const lat = rows.map((r) => r.latency).filter((v): v is number => v !== null);
          const lv = rows.map((r) => r.level).filter((v): v is string => v !== null).sort();
          const sum = lat.reduce((a, b) => a + b, 0);
          return [...key, rows.length, lat.length ? sum / lat.length : null, lat.length ? sum : null, Math.max(...rows.map((r) => r.status as number)), lv[0] ?? null].map(round);
        });
        expect(got.map((r) => r.map(round))).toEqual(expected);
      }
    });

    it('cuts times before the epoch into floored buckets (date_bin of a negative time)', async () => {
      const s = await fresh();
      if (s.aggregate === undefined) return;
      // Times either side of 0 and of bucket edges: -60001, -60000, -59999, -1, 0, 1, 59999, 60000.
      const times = [-60_001, -60_000, -59_999, -1, 0, 1, 59_999, 60_000, -120_000, -119_999];
      const rows: Value[][] = times.map((t, i) => [t, `h${i % 2}`, 'info', i, 200]);
      await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows, options: { append_mode: true } }]);
      const got = await s.aggregate({ db: 'public', table: 'logs', groupBy: [{ column: 'ts', bucketNs: 60_000_000_000n }], aggregates: [{ fn: 'count' }], anyOrder: true });
      expect(got).toBeDefined();
      const floor = (t: number) => BigInt(Math.floor(t / 60_000) * 60_000);
      const counts = new Map<bigint, number>();
      for (const t of times) counts.set(floor(t), (counts.get(floor(t)) ?? 0) + 1);
      const sorted = (xs: (readonly Value[])[]) => xs.map((r) => [...r]).sort((a, b) => compareValues(a[0]!, b[0]!));
      expect(sorted(got!)).toEqual(sorted([...counts].map(([k, n]) => [k, n])));
    });

    it("a 'contains' predicate keeps the rows whose string contains the text, in both layouts", async () => {
      const s = await fresh();
      for (const append_mode of [true, false]) {
        const table = append_mode ? 'chunked' : 'rowwise';
        const rows: Value[][] = Array.from({ length: 200 }, (_, i) => [1_700_000_000_000 + i, `h${i % 3}`, i % 9 === 0 ? null : `req ${i}${i % 6 === 0 ? ' timeout' : ''}`, i, 200]);
        await s.write([{ db: 'public', table, schema: SCHEMA, rows, options: { append_mode } }]);
        const got = await collect(s, { db: 'public', table, columns: ['level'], predicates: [{ column: 'level', op: 'contains', value: 'timeout' }] });
        expect(got.map((r) => r.level)).toEqual(rows.map((r) => r[2]).filter((v) => typeof v === 'string' && v.includes('timeout')));
      }
    });
  });
}
