import type { Value } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseBinary, openClickHouseStore, startLocalClickHouse, startLocalZooKeeper, zooKeeperJar, type LocalClickHouse, type LocalZooKeeper } from '../src/index.js';

const bin = clickHouseBinary();
const zk = zooKeeperJar();
if ((bin === undefined || zk === undefined) && process.env.CI) throw new Error('clickhouse-server or zookeeper is missing in CI (.ci/apt-packages.txt lists both)');

const SCHEMA = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'msg', type: 'string', semantic: 'field' },
  { name: 'n', type: 'int64', semantic: 'field' },
] as const;

async function sql(node: LocalClickHouse, q: string, body?: string): Promise<string> {
  const r = body === undefined ? await fetch(node.url, { method: 'POST', body: q }) : await fetch(`${node.url}/?query=${encodeURIComponent(q)}`, { method: 'POST', body });
  const text = await r.text();
  if (!r.ok) throw new Error(`${q}: ${text}`);
  return text.trim();
}

async function count(s: Store, table: string): Promise<number> {
  let n = 0;
  for await (const b of s.scan({ db: 'public', table, columns: [] })) n += b.length;
  return n;
}

/**
 * One shard of two ClickHouse replicas (ReplicatedMergeTree, ZooKeeper, DDL ON CLUSTER through
 * ZooKeeper's queue) behind two stores standing for two Sluice servers, each talking to its own node.
 */
describe.skipIf(bin === undefined || zk === undefined)('one shard of two replicas with ZooKeeper behind two stores', () => {
  let keeper: LocalZooKeeper;
  let nodes: LocalClickHouse[];
  let a: Store;
  let b: Store;
  const local = async (node: LocalClickHouse, like: string) => (await sql(node, `SELECT name FROM system.tables WHERE database = 'z_public' AND name LIKE '${like}\\\\_%\\\\_local'`)).split('\n');
  beforeAll(async () => {
    keeper = await startLocalZooKeeper();
    nodes = await startLocalClickHouse(2, { zookeeper: keeper, topology: 'replicas' });
    const o = { cluster: 'sluice', onClusterDdl: true, replicated: true, databasePrefix: 'z_', catalogRefreshMs: 200, ttlSweepIntervalMs: 0 };
    a = await openClickHouseStore({ ...o, urls: [nodes[0]!.url] });
    b = await openClickHouseStore({ ...o, urls: [nodes[1]!.url] });
  }, 100_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all((nodes ?? []).map((n) => n.stop()));
    await keeper?.stop();
  });

  it('DDL ON CLUSTER creates Replicated tables on both nodes; both ingest concurrently; each replica holds every row once', async () => {
    const batches = 10;
    const rows = 200;
    const batch = (w: string, i: number): Value[][] => Array.from({ length: rows }, (_, r) => [1_700_000_000_000 + i * rows + r, `${w}-h${r % 5}`, `m${r}`, i * rows + r]);
    const ingest = async (s: Store, w: string, table: string, options: object) => {
      for (let i = 0; i < batches; i++) await s.write([{ db: 'public', table, schema: SCHEMA, rows: batch(w, i), options }]);
    };
    await a.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows: [], options: { append_mode: true } }]);
    await a.write([{ db: 'public', table: 'metrics', schema: SCHEMA, rows: [] }]);
    // The tables exist on both nodes, created once through ZooKeeper's DDL queue.
    for (const n of nodes) {
      const [logs] = await local(n, 'logs');
      expect(await sql(n, `SELECT engine FROM system.tables WHERE database = 'z_public' AND name = '${logs}'`)).toBe('ReplicatedMergeTree');
      const [metrics] = await local(n, 'metrics');
      expect(await sql(n, `SELECT engine FROM system.tables WHERE database = 'z_public' AND name = '${metrics}'`)).toBe('ReplicatedReplacingMergeTree');
    }
    await Promise.all([ingest(a, 'a', 'logs', { append_mode: true }), ingest(b, 'b', 'logs', { append_mode: true }), ingest(a, 'a', 'metrics', {}), ingest(b, 'b', 'metrics', {})]);
    const total = 2 * batches * rows;
    // Replication is asynchronous: once each replica has fetched the other's parts, both hold every row.
    for (const n of nodes) for (const t of ['logs', 'metrics']) await sql(n, `SYSTEM SYNC REPLICA z_public.${(await local(n, t))[0]}`);
    for (const s of [a, b]) {
      expect(await count(s, 'logs')).toBe(total);
      expect(await count(s, 'metrics')).toBe(total);
    }
    for (const n of nodes) expect(Number(await sql(n, `SELECT count() FROM z_public.${(await local(n, 'logs'))[0]}`))).toBe(total);
    const agg = await b.aggregate!({ db: 'public', table: 'logs', aggregates: [{ fn: 'count' }, { fn: 'max', column: 'n' }] });
    expect(agg).toEqual([[total, batches * rows - 1]]);
  });

  it('a block sent again to the other replica is stored once (insert_deduplicate); a column added through one node reaches both', async () => {
    const [t] = await local(nodes[0]!, 'logs');
    const before = Number(await sql(nodes[0]!, `SELECT count() FROM z_public.${t}`));
    const cols = '`ts`, `host`, `msg`, `n`, `__seq`, `__series`';
    const body = '1800000000000\tdup\tonce\t1\t42\t0\n';
    await sql(nodes[0]!, `INSERT INTO z_public.${t} (${cols}) FORMAT TabSeparated`, body);
    await sql(nodes[1]!, `INSERT INTO z_public.${t} (${cols}) FORMAT TabSeparated`, body);
    for (const n of nodes) await sql(n, `SYSTEM SYNC REPLICA z_public.${t}`);
    for (const n of nodes) expect(Number(await sql(n, `SELECT count() FROM z_public.${t}`))).toBe(before + 1);

    await b.write([{ db: 'public', table: 'logs', schema: [...SCHEMA, { name: 'zone', type: 'string', semantic: 'field' }], rows: [[1_800_000_000_001, 'b-h1', 'zoned', 2, 'z2']] }]);
    for (const n of nodes) expect(await sql(n, `SELECT count() FROM system.columns WHERE database = 'z_public' AND table = '${t}' AND name = 'zone'`)).toBe('1');
    await new Promise((r) => setTimeout(r, 500)); // a's catalog cache reloads every 200 ms
    const got: Value[] = [];
    for await (const bt of a.scan({ db: 'public', table: 'logs', columns: ['zone'], predicates: [{ column: 'msg', op: '=', value: 'zoned' }] })) got.push(...bt.columns[0]!.values);
    expect(got).toEqual(['z2']);
  });
});
