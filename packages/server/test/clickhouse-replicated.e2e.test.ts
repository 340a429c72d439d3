import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseBinary, startLocalClickHouse, startLocalZooKeeper, zooKeeperJar, type LocalClickHouse, type LocalZooKeeper } from '@sluice/storage-clickhouse';
import { buildCli } from './build-cli.js';
import { startTestServer, type TestServer } from './start-server.js';

const bin = clickHouseBinary();
const zk = zooKeeperJar();
if ((bin === undefined || zk === undefined) && process.env.CI) throw new Error('clickhouse-server or zookeeper is missing in CI (.ci/apt-packages.txt lists both)');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function chSql(node: LocalClickHouse, q: string): Promise<string> {
  const r = await fetch(node.url, { method: 'POST', body: q });
  const text = await r.text();
  if (!r.ok) throw new Error(`${q}: ${text}`);
  return text.trim();
}

/**
 * The replicated pair (one shard of two ClickHouse replicas, ZooKeeper) with a Sluice server in a child
 * process on the first replica, SIGKILLed while two clients ingest; a second Sluice server on the other
 * replica then answers every acknowledged row exactly once.
 */
describe.skipIf(bin === undefined || zk === undefined)('Sluice on a replicated ClickHouse pair: a server killed mid-ingest', () => {
  let keeper: LocalZooKeeper;
  let nodes: LocalClickHouse[];
  let reader: TestServer;
  const clickhouse = (url: string) => ({ url: [url], database_prefix: 'rk_', cluster: 'sluice', replicated: true, catalog_refresh: '300ms' });
  beforeAll(async () => {
    keeper = await startLocalZooKeeper();
    nodes = await startLocalClickHouse(2, { zookeeper: keeper, topology: 'replicas' });
    reader = await startTestServer({ config: { storage: { backend: 'clickhouse', clickhouse: clickhouse(nodes[1]!.url) } } as never });
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await Promise.all((nodes ?? []).map((n) => n.stop()));
    await keeper?.stop();
  });

  it('loses no acknowledged row and stores none twice, on either replica', { timeout: 300_000 }, async () => {
    const main = await buildCli();
    const dir = mkdtempSync(join(tmpdir(), 'sluice-ch-rkill-'));
    const cfg = join(dir, 'sluice.toml');
    const c = clickhouse(nodes[0]!.url);
    writeFileSync(cfg, `[http]\naddr = "127.0.0.1:0"\n[storage]\nbackend = "clickhouse"\n[storage.clickhouse]\nurl = ["${c.url[0]}"]\ndatabase_prefix = "${c.database_prefix}"\ncluster = "sluice"\nreplicated = true\n`);
    const child = spawn(process.execPath, [main, 'standalone', 'start', '-c', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let log = '';
      child.stdout!.on('data', (d) => (log += d));
      child.stderr!.on('data', (d) => (log += d));
      for (let i = 0; i < 2400 && !/listening/.test(log) && child.exitCode === null; i++) await sleep(50);
      const addr = /127\.0\.0\.1:\d+/.exec(log.split('\n').find((l) => /listening/.test(l)) ?? '')?.[0];
      expect(addr, log).toBeDefined();
      const acked: number[] = [];
      let next = 0;
      let killed = false;
      const client = async () => {
        while (!killed) {
          const ns = Array.from({ length: 200 }, () => next++);
          const body = ns.map((n) => JSON.stringify({ n, ts: 1_700_000_000_000 + n })).join('\n');
          try {
            const res = await fetch(`http://${addr}/v1/ingest?table=rkilled&pipeline_name=service_identity`, { method: 'POST', body, headers: { 'content-type': 'application/x-ndjson' } });
            if (res.status === 200) acked.push(...ns);
            else await res.text();
          } catch {
            // the server died with this request in flight: not acknowledged
          }
        }
      };
      const clients = [client(), client()];
      for (let i = 0; i < 1200 && acked.length < 600; i++) await sleep(50);
      child.kill('SIGKILL');
      killed = true;
      await Promise.all(clients);
      expect(acked.length).toBeGreaterThan(0);
      // Each acknowledged INSERT is on one replica; the other fetches its parts asynchronously.
      const [local] = (await chSql(nodes[0]!, "SELECT name FROM system.tables WHERE database = 'rk_public' AND name LIKE 'rkilled\\\\_%\\\\_local'")).split('\n');
      for (const n of nodes) await chSql(n, `SYSTEM SYNC REPLICA rk_public.${local}`);
      for (const n of nodes) {
        const rows = (await chSql(n, `SELECT n FROM rk_public.${local} FORMAT TabSeparated`)).split('\n').filter((l) => l !== '').map(Number);
        expect(rows.length).toBe(new Set(rows).size);
        const seen = new Set(rows);
        expect(acked.filter((x) => !seen.has(x))).toEqual([]);
      }
      // And through the Sluice server on the other replica.
      await sleep(500);
      const res = await reader.fetch('/v1/sql?db=public', { method: 'POST', body: new URLSearchParams({ sql: 'SELECT n FROM rkilled' }) });
      const stored = (JSON.parse(await res.text()).output[0].records.rows as unknown[][]).map((r) => Number(r[0]));
      expect(stored.length).toBe(new Set(stored).size);
      const seen = new Set(stored);
      expect(acked.filter((x) => !seen.has(x))).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
