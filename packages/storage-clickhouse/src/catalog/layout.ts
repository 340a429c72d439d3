/** Where Sluice's objects live in ClickHouse, from the store configuration. */
export interface Layout {
  /** Prefix of every ClickHouse database Sluice creates (`sluice_`). */
  readonly prefix: string;
  /** Cluster name from `remote_servers`: tables become `<name>_local` per node behind a `Distributed` `<name>`. */
  readonly cluster?: string;
  /** With a cluster: DDL as `ON CLUSTER` (needs ZooKeeper's distributed DDL queue) or sent to every url in turn. */
  readonly onClusterDdl: boolean;
  /** With a cluster: `Replicated*MergeTree` (needs ZooKeeper and the `{shard}`/`{replica}` macros). */
  readonly replicated: boolean;
}

export function dataDatabase(l: Layout, db: string): string {
  return `${l.prefix}${db}`;
}

export function metaDatabase(l: Layout): string {
  return `${l.prefix}_catalog`;
}

/** The table reads and writes go to (the Distributed one on a cluster). */
export function readName(l: Layout, table: string): string {
  return table;
}

/** The table holding the rows on each node. */
export function localName(l: Layout, table: string): string {
  return l.cluster === undefined ? table : `${table}_local`;
}
