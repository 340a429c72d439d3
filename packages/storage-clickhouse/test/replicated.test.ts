import type { Value } from '@sluice/pipeline-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalClickHouse } from '../src/index.js';
import { count, ingest, SCHEMA, sql, startTwoStores, havePeers, type TwoStores } from './helpers/two-stores.js';

/**
 * One shard of two ClickHouse replicas (ReplicatedMergeTree, ZooKeeper, DDL ON CLUSTER through
 * ZooKeeper's queue) behind two stores standing for two Sluice servers, each talking to its own node.
 */
describe.skipIf(!havePeers('replicas'))('one shard of two replicas with ZooKeeper behind two stores', () => {
  let env: TwoStores;
  let nodes: LocalClickHouse[];
  const local = async (node: LocalClickHouse, like: string) => (await sql(node, `SELECT name FROM system.tables WHERE database = 'z_public' AND name LIKE '${like}\\\\_%\\\\_local'`)).split('\n');
  beforeAll(async () => {
    env = await startTwoStores('replicas', 'z_');
    nodes = env.nodes;
  }, 100_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('DDL ON CLUSTER creates Replicated tables on both nodes; both ingest concurrently; each replica holds every row once', async () => {
    const { a, b } = env;
    const batches = 10;
    const rows = 200;
    await a.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows: [], options: { append_mode: true } }]);
    await a.write([{ db: 'public', table: 'metrics', schema: SCHEMA, rows: [] }]);
    // The tables exist on both nodes, created once through ZooKeeper's DDL queue.
    for (const n of nodes) {
      const [logs] = await local(n, 'logs');
      expect(await sql(n, `SELECT engine FROM system.tables WHERE database = 'z_public' AND name = '${logs}'`)).toBe('ReplicatedMergeTree');
      const [metrics] = await local(n, 'metrics');
      expect(await sql(n, `SELECT engine FROM system.tables WHERE database = 'z_public' AND name = '${metrics}'`)).toBe('ReplicatedReplacingMergeTree');
    }
    await Promise.all([ingest(a, 'a', 'logs', { append_mode: true }, batches, rows), ingest(b, 'b', 'logs', { append_mode: true }, batches, rows), ingest(a, 'a', 'metrics', {}, batches, rows), ingest(b, 'b', 'metrics', {}, batches, rows)]);
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
    const { a, b } = env;
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
