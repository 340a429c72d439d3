import { ClickHouseQueryError, type ChHttp } from '../client/ch-http.js';
import { ident } from '../sql/quote.js';
import { localName, type Layout } from './layout.js';

export interface TableShape {
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  /** `MergeTree` keeps every row; `ReplacingMergeTree` keeps the highest `version` per sorting key. */
  readonly engine: 'MergeTree' | 'ReplacingMergeTree';
  readonly version?: string;
  readonly orderBy: string;
  readonly partitionBy?: string;
  /** Distributed sharding key (`rand()` when absent). */
  readonly shardBy?: string;
}

const q = ident;

/**
 * DDL for one node, or for every node of a cluster: `ON CLUSTER` when configured (ZooKeeper's DDL
 * queue), otherwise the statement is sent to each configured url in turn (works without ZooKeeper).
 */
export class Ddl {
  constructor(private readonly http: ChHttp, private readonly l: Layout) {}

  private get onCluster(): string {
    return this.l.cluster !== undefined && this.l.onClusterDdl ? ` ON CLUSTER ${q(this.l.cluster)}` : '';
  }

  /** Runs a statement on every node (once with ON CLUSTER or without a cluster). */
  async everywhere(sql: string): Promise<void> {
    if (this.l.cluster === undefined || this.l.onClusterDdl) return this.http.command(sql);
    for (let i = 0; i < this.http.endpoints; i++) await this.http.command(sql, i);
  }

  async createDatabase(db: string): Promise<void> {
    await this.everywhere(`CREATE DATABASE IF NOT EXISTS ${q(db)}${this.onCluster}`);
  }

  async dropDatabase(db: string): Promise<void> {
    await this.everywhere(`DROP DATABASE IF EXISTS ${q(db)}${this.onCluster}`);
  }

  /** The engine clause of the node-local table. */
  engine(db: string, table: string, s: TableShape): string {
    const args = s.engine === 'ReplacingMergeTree' && s.version ? [s.version] : [];
    if (this.l.cluster !== undefined && this.l.replicated) args.unshift(`'/clickhouse/tables/{shard}/${db}.${localName(this.l, table)}'`, `'{replica}'`);
    const name = this.l.cluster !== undefined && this.l.replicated ? `Replicated${s.engine}` : s.engine;
    return `${name}(${args.join(', ')})${s.partitionBy ? ` PARTITION BY ${s.partitionBy}` : ''} ORDER BY ${s.orderBy}`;
  }

  /** Statements creating a table: the local table, and on a cluster the Distributed table over it. */
  createTableSql(db: string, table: string, s: TableShape): string[] {
    const cols = s.columns.map((c) => `${q(c.name)} ${c.type}`).join(', ');
    const local = `CREATE TABLE IF NOT EXISTS ${q(db)}.${q(localName(this.l, table))}${this.onCluster} (${cols}) ENGINE = ${this.engine(db, table, s)}`;
    if (this.l.cluster === undefined) return [local];
    const dist = `CREATE TABLE IF NOT EXISTS ${q(db)}.${q(table)}${this.onCluster} (${cols}) ENGINE = Distributed(${q(this.l.cluster)}, ${q(db)}, ${q(localName(this.l, table))}, ${s.shardBy ?? 'rand()'})`;
    return [local, dist];
  }

  async createTable(db: string, table: string, s: TableShape): Promise<void> {
    for (const sql of this.createTableSql(db, table, s)) await this.everywhere(sql);
  }

  /**
   * ALTERs the local table and (on a cluster) the Distributed one, so both list the same columns. One
   * action per statement: an ADD of a column another server just added (code 44), or a DROP of one
   * already gone, is what was wanted and not an error. With replicated shards and ON CLUSTER DDL,
   * ClickHouse runs an ALTER of a Replicated table on one replica per shard (the others follow through
   * ZooKeeper) and refuses one of the Distributed table (code 371: it is not replicated), so the
   * Distributed table is created again `AS` the altered local table on every node (`shardBy` as when
   * it was created); a query meeting that moment gets "table doesn't exist" (code 60).
   */
  async alter(db: string, table: string, actions: readonly string[], shardBy?: string): Promise<void> {
    const recreate = this.l.cluster !== undefined && this.l.onClusterDdl && this.l.replicated;
    const names = this.l.cluster === undefined ? [table] : recreate ? [localName(this.l, table)] : [localName(this.l, table), table];
    for (const a of actions) {
      for (const n of names) {
        try {
          await this.everywhere(`ALTER TABLE ${q(db)}.${q(n)}${this.onCluster} ${a}`);
        } catch (e) {
          const code = e instanceof ClickHouseQueryError ? e.chCode : undefined;
          if (a.startsWith('ADD COLUMN') && code === 44) continue;
          if (a.startsWith('DROP COLUMN') && (code === 10 || code === 16 || code === 47)) continue;
          throw e;
        }
      }
    }
    if (recreate && actions.length > 0) {
      await this.everywhere(`DROP TABLE IF EXISTS ${q(db)}.${q(table)}${this.onCluster}`);
      await this.everywhere(this.distributedAs(db, table, shardBy));
    }
  }

  /** The Distributed table over the local one, with the local table's current columns. */
  distributedAs(db: string, table: string, shardBy?: string): string {
    const local = localName(this.l, table);
    return `CREATE TABLE IF NOT EXISTS ${q(db)}.${q(table)}${this.onCluster} AS ${q(db)}.${q(local)} ENGINE = Distributed(${q(this.l.cluster!)}, ${q(db)}, ${q(local)}, ${shardBy ?? 'rand()'})`;
  }

  async dropTable(db: string, table: string): Promise<void> {
    const names = this.l.cluster === undefined ? [table] : [table, localName(this.l, table)];
    for (const n of names) await this.everywhere(`DROP TABLE IF EXISTS ${q(db)}.${q(n)}${this.onCluster}`);
  }

  async truncate(db: string, table: string): Promise<void> {
    await this.everywhere(`TRUNCATE TABLE IF EXISTS ${q(db)}.${q(localName(this.l, table))}${this.onCluster}`);
  }

  /** `ALTER TABLE ... DELETE WHERE` on the node-local tables, waiting until every node has applied it. */
  async deleteWhere(db: string, table: string, where: string): Promise<void> {
    const local = localName(this.l, table);
    await this.everywhere(`ALTER TABLE ${q(db)}.${q(local)}${this.onCluster} DELETE WHERE ${where}`);
    const pending = `SELECT count() FROM system.mutations WHERE database = '${db.replace(/'/g, "\\'")}' AND table = '${local.replace(/'/g, "\\'")}' AND is_done = 0`;
    const nodes = this.l.cluster === undefined ? [undefined] : Array.from({ length: this.http.endpoints }, (_, i) => i);
    for (const node of nodes) {
      for (let i = 0; ; i++) {
        const [[n]] = (await this.http.rows(pending, undefined, node)) as [[string]];
        if (n === '0') break;
        if (i > 600) throw new Error(`mutation on ${db}.${local} did not finish within 60 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}
