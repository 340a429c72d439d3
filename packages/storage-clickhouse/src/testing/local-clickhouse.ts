import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throw-away ClickHouse server on 127.0.0.1 (tests, benches, examples). */
export interface LocalClickHouse {
  readonly url: string;
  readonly httpPort: number;
  readonly tcpPort: number;
  readonly pid: number;
  /** Kills the server (SIGKILL when it does not stop within 5 s) and removes its directory. */
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/sbin/clickhouse-server', '/usr/bin/clickhouse-server'];

/** The server binary, or undefined when ClickHouse is not installed here. */
export function clickHouseBinary(): string | undefined {
  return process.env.CLICKHOUSE_SERVER_BIN ?? CANDIDATES.find((p) => existsSync(p));
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** Options of startLocalClickHouse beyond the number of nodes. */
export interface LocalClickHouseOptions {
  /** A ZooKeeper for the nodes (replicated tables, ON CLUSTER DDL). */
  readonly zookeeper?: { readonly host: string; readonly port: number };
  /** `shards` (default): each node is a shard of `sluice`; `replicas`: one shard whose replicas are all nodes (needs zookeeper). */
  readonly topology?: 'shards' | 'replicas';
  readonly timeoutMs?: number;
}

interface NodePorts {
  readonly http: number;
  readonly tcp: number;
  readonly interserver: number;
}

function configXml(dir: string, me: number, ports: readonly NodePorts[], o: LocalClickHouseOptions): string {
  const replica = (p: NodePorts) => `<replica><host>127.0.0.1</host><port>${p.tcp}</port></replica>`;
  const shards =
    o.topology === 'replicas'
      ? `<shard><internal_replication>true</internal_replication>${ports.map(replica).join('')}</shard>`
      : ports.map((p) => `<shard><internal_replication>true</internal_replication>${replica(p)}</shard>`).join('');
  const shard = o.topology === 'replicas' ? 1 : me + 1;
  const zk = o.zookeeper
    ? `<zookeeper><node><host>${o.zookeeper.host}</host><port>${o.zookeeper.port}</port></node><session_timeout_ms>10000</session_timeout_ms></zookeeper>
  <distributed_ddl><path>/clickhouse/task_queue/ddl</path></distributed_ddl>
  <macros><shard>${shard}</shard><replica>r${me + 1}</replica></macros>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <interserver_http_port>${ports[me]!.interserver}</interserver_http_port>`
    : '';
  const http = ports[me]!.http;
  const tcp = ports[me]!.tcp;
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/server.err.log</errorlog><size>10M</size><count>1</count></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${http}</http_port>
  <tcp_port>${tcp}</tcp_port>
  <max_connections>256</max_connections>
  <max_concurrent_queries>100</max_concurrent_queries>
  <mark_cache_size>67108864</mark_cache_size>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
  <remote_servers><sluice>${shards}</sluice></remote_servers>
  ${zk}
</yandex>
`;
}

const USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>2000000000</max_memory_usage><max_threads>2</max_threads></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

/**
 * Starts `n` ClickHouse servers on free loopback ports, each with a temporary data directory and a
 * `remote_servers` cluster named `sluice`: every node its own shard (Distributed tables work without
 * ZooKeeper), or with `zookeeper` and `topology: 'replicas'` one shard of `n` replicas (macros
 * `{shard}`/`{replica}`, interserver ports for fetching parts, the ON CLUSTER DDL queue). Resolves
 * when all answer /ping.
 */
export async function startLocalClickHouse(n = 1, timeoutOrOptions: number | LocalClickHouseOptions = 30_000): Promise<LocalClickHouse[]> {
  const o: LocalClickHouseOptions = typeof timeoutOrOptions === 'number' ? { timeoutMs: timeoutOrOptions } : timeoutOrOptions;
  const bin = clickHouseBinary();
  if (bin === undefined) throw new Error('clickhouse-server is not installed (apt-get install clickhouse-server)');
  const ports: NodePorts[] = [];
  for (let i = 0; i < n; i++) ports.push({ http: await freePort(), tcp: await freePort(), interserver: await freePort() });
  const nodes: LocalClickHouse[] = [];
  try {
    for (let i = 0; i < n; i++) nodes.push(await startOne(bin, i, ports, o));
  } catch (e) {
    await Promise.all(nodes.map((x) => x.stop()));
    throw e;
  }
  return nodes;
}

async function startOne(bin: string, me: number, ports: readonly NodePorts[], o: LocalClickHouseOptions): Promise<LocalClickHouse> {
  const { http, tcp } = ports[me]!;
  const timeoutMs = o.timeoutMs ?? 30_000;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-ch-'));
  for (const d of ['data', 'tmp', 'user_files', 'log', 'format_schemas']) mkdirSync(join(dir, d));
  writeFileSync(join(dir, 'config.xml'), configXml(dir, me, ports, o));
  writeFileSync(join(dir, 'users.xml'), USERS);
  const child: ChildProcess = spawn(bin, [`--config-file=${join(dir, 'config.xml')}`], { stdio: 'ignore', cwd: dir });
  let exited = false;
  const done = new Promise<void>((r) => child.once('exit', () => ((exited = true), r())));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(t);
    }
    // SLUICE_KEEP_CLICKHOUSE_DIR=1 keeps the data and logs for a post-mortem.
    if (!process.env.SLUICE_KEEP_CLICKHOUSE_DIR) rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${http}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`clickhouse-server exited during startup (port ${http})`);
    }
    try {
      const r = await fetch(`${url}/ping`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`clickhouse-server did not answer on ${url} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, httpPort: http, tcpPort: tcp, pid: child.pid!, stop };
}
