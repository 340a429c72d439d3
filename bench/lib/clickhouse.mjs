// Debian's ClickHouse server (18.16) as a side-by-side peer: started on a free loopback port in a
// throw-away directory (the recipe in shared/PEERS.md §10), queried over HTTP, stopped by its PID.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, peakRssOf, waitFor } from './proc.mjs';

export const CLICKHOUSE_BIN = process.env.SLUICE_CLICKHOUSE ?? '/usr/sbin/clickhouse-server';

/** Whether the ClickHouse server binary is installed (Debian: `apt-get install clickhouse-server`). */
export const haveClickHouse = () => existsSync(CLICKHOUSE_BIN);

export async function startClickHouse() {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-ch-'));
  for (const d of ['data', 'tmp', 'user_files', 'log']) mkdirSync(join(dir, d));
  const http = await freePort();
  const tcp = await freePort();
  writeFileSync(join(dir, 'config.xml'), `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/server.err.log</errorlog><size>100M</size><count>2</count></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>${http}</http_port>
  <tcp_port>${tcp}</tcp_port>
  <max_connections>256</max_connections>
  <keep_alive_timeout>10</keep_alive_timeout>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>1073741824</uncompressed_cache_size>
  <mark_cache_size>536870912</mark_cache_size>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
</yandex>
`);
  writeFileSync(join(dir, 'users.xml'), `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage><load_balancing>random</load_balancing></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`);
  const child = spawn(CLICKHOUSE_BIN, [`--config-file=${dir}/config.xml`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${http}/`;
  const ch = {
    url,
    pid: child.pid,
    /** Runs a statement; returns the response text (throws on a non-200). */
    async exec(sql, body) {
      const params = new URLSearchParams({ output_format_json_quote_64bit_integers: '0' });
      let res;
      if (body === undefined) res = await fetch(url + '?' + params, { method: 'POST', body: sql });
      else res = await fetch(ch.insertUrl(sql), { method: 'POST', body });
      const text = await res.text();
      if (!res.ok) throw new Error(`ClickHouse: HTTP ${res.status}: ${text.slice(0, 300)}`);
      return text;
    },
    /** The URL that takes an INSERT statement's rows as its POST body (unknown JSON fields skipped). */
    insertUrl: (sql) => url + '?' + new URLSearchParams({ query: sql, input_format_skip_unknown_fields: '1' }),
    /** Rows of a query as arrays (JSONCompact). */
    async rows(sql) {
      return JSON.parse(await ch.exec(`${sql} FORMAT JSONCompact`)).data;
    },
    async version() {
      return (await ch.exec('SELECT version()')).trim();
    },
    /** Bytes of the table's active parts on disk. */
    async bytesOnDisk(table) {
      const [[b]] = await ch.rows(`SELECT sum(bytes_on_disk) FROM system.parts WHERE active AND table = '${table}'`);
      return Number(b);
    },
    peakRss: () => peakRssOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(async () => (await fetch(url + '?query=SELECT%201')).ok, 20_000, 'ClickHouse to answer');
  } catch (e) {
    await ch.stop();
    throw e;
  }
  return ch;
}
