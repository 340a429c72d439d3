import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLmdbStore, type AggregateRequest, type ColumnBatch, type Predicate, type ScanRequest, type Store } from '@sluice/storage';
import { compileFulltext, createQueryEngine, type QueryEngine } from '@sluice/query';

/**
 * The optional pushdown hints a remote store (ClickHouse) uses: `matches()` as a predicate for a store
 * with `pushdownMatches`, and `anyOrder` on aggregates whose ORDER BY sorts every group key. A wrapper
 * over the LMDB store records the requests and runs `matches` itself, as a remote store would.
 */
function recordingStore(inner: Store, log: { scans: ScanRequest[]; aggs: AggregateRequest[] }): Store {
  const split = (ps: readonly Predicate[] | undefined) => ({
    rest: (ps ?? []).filter((p) => p.op !== 'matches'),
    ft: (ps ?? []).filter((p) => p.op === 'matches').map((p) => ({ column: p.column, test: compileFulltext(p.value as string) })),
  });
  return Object.assign(Object.create(inner) as Store, {
    pushdownMatches: true,
    scan(req: ScanRequest): AsyncIterable<ColumnBatch> {
      log.scans.push(req);
      const { rest, ft } = split(req.predicates);
      if (ft.length === 0) return inner.scan(req);
      const columns = req.columns ?? inner.getTable(req.db, req.table)!.columns.map((c) => c.name);
      const all = [...new Set([...columns, ...ft.map((f) => f.column)])];
      const src = inner.scan({ ...req, columns: all, predicates: rest });
      return (async function* () {
        for await (const b of src) {
          const keep: number[] = [];
          for (let i = 0; i < b.length; i++) if (ft.every((f) => { const v = b.columns[all.indexOf(f.column)]!.values[i]; return typeof v === 'string' && f.test(v); })) keep.push(i);
          yield { length: keep.length, columns: columns.map((n) => { const c = b.columns[all.indexOf(n)]!; return { name: c.name, type: c.type, values: keep.map((i) => c.values[i]!) }; }) };
        }
      })();
    },
    async aggregate(req: AggregateRequest) {
      log.aggs.push(req);
      return (req.predicates ?? []).some((p) => p.op === 'matches') ? undefined : inner.aggregate!(req);
    },
  });
}

describe('store pushdown hints', () => {
  let home: string;
  let store: Store;
  let engine: QueryEngine;
  const log = { scans: [] as ScanRequest[], aggs: [] as AggregateRequest[] };
  const rows = async (sql: string) => (await engine.executeSql(sql, { db: 'public' }))[0]!.rows;
  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'sluice-hints-'));
    store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
    engine = createQueryEngine(recordingStore(store, log));
    await engine.executeSql("CREATE TABLE t (ts TIMESTAMP TIME INDEX, host STRING, msg STRING) WITH (append_mode = 'true')", { db: 'public' });
    await engine.executeSql("INSERT INTO t VALUES (1, 'b', 'ERROR: timeout'), (2, 'a', 'error only'), (3, 'b', 'timeout only'), (4, 'a', 'Timeout, then error')", { db: 'public' });
    log.scans.length = 0;
    log.aggs.length = 0;
  });
  afterEach(async () => {
    await store.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('sends matches() to a store with pushdownMatches as a predicate, and the answer is the same', async () => {
    expect(await rows("SELECT ts FROM t WHERE matches(msg, 'error AND timeout') ORDER BY ts")).toEqual([[1n], [4n]]);
    expect(log.scans.at(-1)!.predicates).toEqual([{ column: 'msg', op: 'matches', value: 'error AND timeout' }]);
    const explain = JSON.stringify(await rows("EXPLAIN SELECT count(*) FROM t WHERE matches(msg, 'error')"));
    expect(explain).toContain("msg matches 'error'");
    // A bad query is the same error as when the engine evaluates it.
    await expect(rows("SELECT ts FROM t WHERE matches(msg, '(error')")).rejects.toThrow(/matches\(\): missing '\)'/);
  });

  it('marks an aggregate anyOrder only when the ORDER BY sorts every group key', async () => {
    expect(await rows('SELECT host, count(*) FROM t GROUP BY host ORDER BY host')).toEqual([['a', 2], ['b', 2]]);
    expect(log.aggs.at(-1)!.anyOrder).toBe(true);
    await rows('SELECT host, count(*) AS n FROM t GROUP BY host ORDER BY n');
    expect(log.aggs.at(-1)!.anyOrder).toBeUndefined();
    await rows('SELECT host, count(*) FROM t GROUP BY host');
    expect(log.aggs.at(-1)!.anyOrder).toBeUndefined();
  });
});
