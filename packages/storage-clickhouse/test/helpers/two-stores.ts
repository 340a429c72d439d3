import type { Value } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';
import { clickHouseBinary, openClickHouseStore, startLocalClickHouse, startLocalZooKeeper, zooKeeperJar, type LocalClickHouse, type LocalZooKeeper } from '../../src/index.js';

/**
 * The set-up the cluster tests share: two local ClickHouse nodes (two shards without ZooKeeper, or one
 * shard of two replicas with it) and two stores standing for two Sluice servers.
 */
export const SCHEMA = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'msg', type: 'string', semantic: 'field' },
  { name: 'n', type: 'int64', semantic: 'field' },
] as const;

/** Whether the peers a topology needs are installed (CI installs them: a missing one there is an error). */
export function havePeers(topology: 'shards' | 'replicas'): boolean {
  const ok = clickHouseBinary() !== undefined && (topology === 'shards' || zooKeeperJar() !== undefined);
  if (!ok && process.env.CI) throw new Error('clickhouse-server or zookeeper is missing in CI (.ci/apt-packages.txt lists both)');
  return ok;
}

export interface TwoStores {
  readonly nodes: LocalClickHouse[];
  readonly keeper: LocalZooKeeper | undefined;
  readonly a: Store;
  readonly b: Store;
  /** The ClickHouse databases' prefix (`<prefix>public` holds the tables). */
  readonly prefix: string;
  stop(): Promise<void>;
}

/**
 * `shards`: Distributed tables over node-local MergeTree, DDL sent to each node, each store knowing both
 * urls (in opposite orders). `replicas`: Replicated*MergeTree, DDL ON CLUSTER through ZooKeeper, each
 * store talking to its own node only.
 */
export async function startTwoStores(topology: 'shards' | 'replicas', prefix: string): Promise<TwoStores> {
  const keeper = topology === 'replicas' ? await startLocalZooKeeper() : undefined;
  const nodes = await startLocalClickHouse(2, keeper ? { zookeeper: keeper, topology: 'replicas' } : undefined);
  const o = { cluster: 'sluice', onClusterDdl: keeper !== undefined, replicated: keeper !== undefined, databasePrefix: prefix, catalogRefreshMs: 200, ttlSweepIntervalMs: 0 };
  const [u0, u1] = nodes.map((n) => n.url) as [string, string];
  const a = await openClickHouseStore({ ...o, urls: keeper ? [u0] : [u0, u1] });
  const b = await openClickHouseStore({ ...o, urls: keeper ? [u1] : [u1, u0] });
  return {
    nodes, keeper, a, b, prefix,
    async stop() {
      await a.close();
      await b.close();
      await Promise.all(nodes.map((n) => n.stop()));
      await keeper?.stop();
    },
  };
}

/** One statement sent to a node directly (`body`: INSERT data); the answer's text, trimmed. */
export async function sql(node: LocalClickHouse, q: string, body?: string): Promise<string> {
  const r = body === undefined ? await fetch(node.url, { method: 'POST', body: q }) : await fetch(`${node.url}/?query=${encodeURIComponent(q)}`, { method: 'POST', body });
  const text = await r.text();
  if (!r.ok) throw new Error(`${q}: ${text}`);
  return text.trim();
}

/** Rows a store's scan sees. */
export async function count(s: Store, table: string): Promise<number> {
  let n = 0;
  for await (const b of s.scan({ db: 'public', table, columns: [] })) n += b.length;
  return n;
}

/** Batch `i` of writer `w`: `rows` rows of SCHEMA with distinct times, 5 hosts per writer. */
export function batch(w: string, i: number, rows: number): Value[][] {
  return Array.from({ length: rows }, (_, r) => [1_700_000_000_000 + i * rows + r, `${w}-h${r % 5}`, `m${r}`, i * rows + r]);
}

/** `batches` writes of `rows` rows each through one store. */
export async function ingest(s: Store, w: string, table: string, options: object, batches: number, rows: number): Promise<void> {
  for (let i = 0; i < batches; i++) await s.write([{ db: 'public', table, schema: SCHEMA, rows: batch(w, i, rows), options }]);
}
