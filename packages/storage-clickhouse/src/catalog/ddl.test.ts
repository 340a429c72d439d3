import { describe, expect, it } from 'vitest';
import type { ChHttp } from '../client/ch-http.js';
import { Ddl, type TableShape } from './ddl.js';

/** A ChHttp that records statements and the node each went to. */
function recorder(endpoints: number) {
  const sent: [string, number | undefined][] = [];
  const http = { endpoints, command: async (sql: string, endpoint?: number) => void sent.push([sql, endpoint]) } as unknown as ChHttp;
  return { http, sent };
}

const shape: TableShape = {
  columns: [{ name: 'ts', type: 'Int64' }, { name: 'host', type: 'Nullable(String)' }, { name: '__seq', type: 'UInt64' }, { name: '__series', type: 'UInt64' }],
  engine: 'ReplacingMergeTree',
  version: '__seq',
  orderBy: '(assumeNotNull(host), __series, ts)',
  partitionBy: 'intDiv(ts, 604800000)',
  shardBy: '__series',
};

describe('DDL for one node and for clusters (the ZooKeeper cases are checked here as text only)', () => {
  it('one node: a local table, no cluster clauses', async () => {
    const { http, sent } = recorder(1);
    await new Ddl(http, { prefix: 's_', onClusterDdl: true, replicated: false }).createTable('s_public', 'cpu_x', shape);
    expect(sent).toEqual([[
      'CREATE TABLE IF NOT EXISTS `s_public`.`cpu_x` (`ts` Int64, `host` Nullable(String), `__seq` UInt64, `__series` UInt64) ENGINE = ReplacingMergeTree(__seq) PARTITION BY intDiv(ts, 604800000) ORDER BY (assumeNotNull(host), __series, ts)',
      undefined,
    ]]);
  });

  it('a replicated cluster: ON CLUSTER DDL, Replicated engine with {shard}/{replica}, Distributed sharded by series', async () => {
    const { http, sent } = recorder(2);
    const ddl = new Ddl(http, { prefix: 's_', cluster: 'prod', onClusterDdl: true, replicated: true });
    await ddl.createTable('s_public', 'cpu_x', shape);
    expect(sent.map(([s]) => s)).toEqual([
      "CREATE TABLE IF NOT EXISTS `s_public`.`cpu_x_local` ON CLUSTER `prod` (`ts` Int64, `host` Nullable(String), `__seq` UInt64, `__series` UInt64) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/s_public.cpu_x_local', '{replica}', __seq) PARTITION BY intDiv(ts, 604800000) ORDER BY (assumeNotNull(host), __series, ts)",
      'CREATE TABLE IF NOT EXISTS `s_public`.`cpu_x` ON CLUSTER `prod` (`ts` Int64, `host` Nullable(String), `__seq` UInt64, `__series` UInt64) ENGINE = Distributed(`prod`, `s_public`, `cpu_x_local`, __series)',
    ]);
    expect(sent.every(([, node]) => node === undefined)).toBe(true);
    sent.length = 0;
    // The Replicated local table is altered ON CLUSTER; 18.16 refuses that for the Distributed table on a
    // replicated shard (code 371), so it is created again AS the local table on every node.
    await ddl.alter('s_public', 'cpu_x', ['ADD COLUMN `dc` Nullable(String)'], '__series');
    expect(sent.map(([s]) => s)).toEqual([
      'ALTER TABLE `s_public`.`cpu_x_local` ON CLUSTER `prod` ADD COLUMN `dc` Nullable(String)',
      'DROP TABLE IF EXISTS `s_public`.`cpu_x` ON CLUSTER `prod`',
      'CREATE TABLE IF NOT EXISTS `s_public`.`cpu_x` ON CLUSTER `prod` AS `s_public`.`cpu_x_local` ENGINE = Distributed(`prod`, `s_public`, `cpu_x_local`, __series)',
    ]);
  });

  it('a cluster without ZooKeeper (on_cluster_ddl = false): each statement goes to every url in turn', async () => {
    const { http, sent } = recorder(2);
    await new Ddl(http, { prefix: 's_', cluster: 'two', onClusterDdl: false, replicated: false }).truncate('s_public', 'cpu_x');
    expect(sent).toEqual([
      ['TRUNCATE TABLE IF EXISTS `s_public`.`cpu_x_local`', 0],
      ['TRUNCATE TABLE IF EXISTS `s_public`.`cpu_x_local`', 1],
    ]);
  });
});
