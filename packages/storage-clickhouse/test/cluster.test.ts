import type { Value } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseBinary, openClickHouseStore, startLocalClickHouse, type LocalClickHouse } from '../src/index.js';

const bin = clickHouseBinary();
if (bin === undefined && process.env.CI) throw new Error('clickhouse-server is missing in CI (.ci/apt-packages.txt lists it)');

const SCHEMA = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'msg', type: 'string', semantic: 'field' },
  { name: 'n', type: 'int64', semantic: 'field' },
] as const;

async function count(s: Store, table: string): Promise<number> {
  let n = 0;
  for await (const b of s.scan({ db: 'public', table, columns: [] })) n += b.length;
  return n;
}

async function localRows(node: LocalClickHouse, like: string): Promise<number> {
  const q = `SELECT sum(rows) FROM system.parts WHERE active AND database = 'k_public' AND table LIKE '${like}%_local'`;
  return Number((await (await fetch(`${node.url}/?query=${encodeURIComponent(q)}`)).text()).trim() || 0);
}

/**
 * Two ClickHouse nodes as two shards of the cluster `sluice` (Distributed tables over node-local
 * MergeTree; no ZooKeeper, so DDL is sent to each node) and two stores standing for two Sluice servers.
 */
describe.skipIf(bin === undefined)('a two-shard ClickHouse cluster behind two stores', () => {
  let nodes: LocalClickHouse[];
  let a: Store;
  let b: Store;
  beforeAll(async () => {
    nodes = await startLocalClickHouse(2);
    const o = { cluster: 'sluice', onClusterDdl: false, databasePrefix: 'k_', catalogRefreshMs: 200, ttlSweepIntervalMs: 0 };
    a = await openClickHouseStore({ ...o, urls: [nodes[0]!.url, nodes[1]!.url] });
    b = await openClickHouseStore({ ...o, urls: [nodes[1]!.url, nodes[0]!.url] });
  }, 90_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all((nodes ?? []).map((n) => n.stop()));
  });

  it('both ingest concurrently into one table (created by whichever comes first); each sees every row exactly once', async () => {
    const batches = 12;
    const rows = 250;
    const batch = (w: string, i: number): Value[][] => Array.from({ length: rows }, (_, r) => [1_700_000_000_000 + i * rows + r, `${w}-h${r % 5}`, `m${r}`, i * rows + r]);
    const ingest = async (s: Store, w: string, table: string, options: object) => {
      for (let i = 0; i < batches; i++) await s.write([{ db: 'public', table, schema: SCHEMA, rows: batch(w, i), options }]);
    };
    await Promise.all([ingest(a, 'a', 'logs', { append_mode: true }), ingest(b, 'b', 'logs', { append_mode: true }), ingest(a, 'a', 'metrics', {}), ingest(b, 'b', 'metrics', {})]);
    const total = 2 * batches * rows;
    expect(await count(a, 'logs')).toBe(total);
    expect(await count(b, 'logs')).toBe(total);
    // last_row table: every (host, ts) is distinct, so nothing merges away.
    expect(await count(a, 'metrics')).toBe(total);
    expect(await count(b, 'metrics')).toBe(total);
    // Rows are spread over both shards.
    const [l0, l1] = await Promise.all(nodes.map((n) => localRows(n, 'logs')));
    expect(l0! + l1!).toBe(total);
    expect(l0).toBeGreaterThan(0);
    expect(l1).toBeGreaterThan(0);
    // Aggregates run on the cluster too (pushed down through the Distributed table).
    const agg = await a.aggregate!({ db: 'public', table: 'logs', aggregates: [{ fn: 'count' }, { fn: 'max', column: 'n' }] });
    expect(agg).toEqual([[total, batches * rows - 1]]);
  });

  it('a new column added by one store is used by the other; rewrites of a last_row key merge across shards', async () => {
    await a.write([{ db: 'public', table: 'metrics', schema: [...SCHEMA, { name: 'zone', type: 'string', semantic: 'field' }], rows: [[1_700_000_000_000, 'a-h0', 'again', -1, 'z1']] }]);
    await b.write([{ db: 'public', table: 'metrics', schema: [...SCHEMA, { name: 'zone', type: 'string', semantic: 'field' }], rows: [[1_700_000_000_001, 'b-h1', 'again', -2, 'z2']] }]);
    const got: Record<string, Value>[] = [];
    for await (const bt of b.scan({ db: 'public', table: 'metrics', predicates: [{ column: 'msg', op: '=', value: 'again' }] })) {
      for (let i = 0; i < bt.length; i++) got.push(Object.fromEntries(bt.columns.map((c) => [c.name, c.values[i]!])));
    }
    expect(got.map((r) => [r.host, r.n, r.zone])).toEqual([['a-h0', -1, 'z1'], ['b-h1', -2, 'z2']]);
    expect(await count(a, 'metrics')).toBe(2 * 12 * 250);
  });
});
