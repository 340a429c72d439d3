import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRemoteWrite } from '../src/protocols/remote-write.js';
import { snappyEncode } from '../src/protocols/snappy.js';
import { freePort, startPeer, waitFor, type PeerProcess } from './peer-process.js';
import { startTestServer, type TestServer } from './start-server.js';

// Debian's `prometheus` (listed in .ci/apt-packages.txt). Outside CI a machine without it skips.
const PROMETHEUS = '/usr/bin/prometheus';
const have = existsSync(PROMETHEUS);
// vmagent (Debian `victoria-metrics`): a second real sender, whose labels arrive unsorted.
const VMAGENT = '/usr/bin/vmagent';

describe.skipIf(!have && !process.env.CI)('real Prometheus against Sluice', () => {
  let s: TestServer;
  let dir: string;
  const peers: PeerProcess[] = [];
  const sql = async (q: string) => {
    const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
    const body = (await res.json()) as { output?: { records?: { rows: unknown[][] } }[]; error?: string };
    if (res.status !== 200) throw new Error(body.error);
    return body.output![0]!.records!.rows;
  };
  const startPrometheus = async (name: string, config: string) => {
    const port = await freePort();
    const file = join(dir, `${name}.yml`);
    writeFileSync(file, config.replaceAll('SELF', `127.0.0.1:${port}`));
    const p = startPeer(PROMETHEUS, [`--config.file=${file}`, `--storage.tsdb.path=${join(dir, name)}`, `--web.listen-address=127.0.0.1:${port}`]);
    peers.push(p);
    await waitFor(`prometheus ${name} ready`, async () => ((await fetch(`http://127.0.0.1:${port}/-/ready`)).ok ? true : undefined));
    return { port, proc: p };
  };

  beforeAll(async () => {
    s = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'sluice-prom-'));
  });
  afterAll(async () => {
    // Senders before the receiver: a Prometheus whose remote endpoint is gone waits up to a minute on shutdown.
    for (const p of peers) await p.stop();
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes itself and remote_writes to Sluice (samples and metadata-only requests accepted)', async () => {
    const sender = await startPrometheus('sender', `
global: {scrape_interval: 1s}
scrape_configs:
  - job_name: self
    static_configs: [{targets: ['SELF']}]
remote_write:
  - url: ${s.url}/v1/metricsapi/write?db=public
    queue_config: {batch_send_deadline: 1s, max_samples_per_send: 500, min_backoff: 100ms}
    metadata_config: {send_interval: 1s}
`);
    const up = await waitFor('up samples in Sluice', async () => {
      const rows = await sql("SELECT job, instance, service_value FROM up WHERE job = 'self' LIMIT 1").catch(() => []);
      return rows.length > 0 ? rows : undefined;
    });
    expect(up[0]).toEqual(['self', `127.0.0.1:${sender.port}`, 1]);
    const built = await sql('SELECT count(*) FROM prometheus_build_info');
    expect(Number(built[0]![0])).toBeGreaterThan(0);
    // Sluice's own PromQL engine reads the same tables.
    const viaPromql = await waitFor('up through Sluice PromQL', async () => {
      const r = (await (await s.fetch(`/v1/metricsapi/api/v1/query?${new URLSearchParams({ query: 'up{job="self"}' })}`)).json()) as { data?: { result?: { metric: Record<string, string>; value: [number, string] }[] } };
      return r.data?.result?.length ? r.data.result : undefined;
    });
    expect(viaPromql.map((x) => [x.metric.instance, x.value[1]])).toEqual([[`127.0.0.1:${sender.port}`, '1']]);
    await sender.proc.stop();
    expect(sender.proc.output.join('')).not.toMatch(/non-recoverable error|status 4\d\d/);
  });

  it('serves as remote_read storage: a PromQL query through Prometheus returns data only Sluice holds', async () => {
    const now = Date.now();
    const series = ['a', 'b'].map((host, i) => ({
      labels: { __name__: 'sluice_only_metric', host, job: 'rr' },
      samples: Array.from({ length: 5 }, (_, k) => ({ value: (i + 1) * 10 + k, timestamp: now - 60_000 + k * 10_000 })),
    }));
    const w = await s.fetch('/v1/metricsapi/write', { method: 'POST', body: snappyEncode(encodeRemoteWrite(series)) as Uint8Array<ArrayBuffer> });
    expect(w.status).toBe(204);
    const reader = await startPrometheus('reader', `
global: {scrape_interval: 15s}
remote_read:
  - url: ${s.url}/v1/metricsapi/read?db=public
    read_recent: true
`);
    const q = async (query: string) => {
      const res = await fetch(`http://127.0.0.1:${reader.port}/api/v1/query?${new URLSearchParams({ query, time: String(now / 1000) })}`);
      return (await res.json()) as { status: string; warnings?: string[]; data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    };
    const r = await q('sluice_only_metric{job="rr"}');
    expect(r.warnings).toBeUndefined();
    expect(r.data.result.map((x) => [x.metric.host, x.value[1]]).sort()).toEqual([['a', '14'], ['b', '24']]);
    const sum = await q('sum by (job) (max_over_time(sluice_only_metric{host=~"a|b"}[5m]))');
    expect(sum.data.result.map((x) => x.value[1])).toEqual(['38']);
    const none = await q('sluice_only_metric{host!~"a|b"}');
    expect(none.data.result).toEqual([]);
    await reader.proc.stop();
  });
  it.skipIf(!existsSync(VMAGENT) && !process.env.CI)('takes remote write from vmagent (labels unsorted: __name__, host, db)', async () => {
    const port = await freePort();
    const vm = startPeer(VMAGENT, [`-httpListenAddr=127.0.0.1:${port}`, `-remoteWrite.url=${s.url}/v1/metricsapi/write`, `-remoteWrite.tmpDataPath=${join(dir, 'vmagent')}`, '-remoteWrite.flushInterval=500ms']);
    peers.push(vm);
    await waitFor('vmagent ready', async () => ((await fetch(`http://127.0.0.1:${port}/health`)).ok ? true : undefined));
    const lp = await fetch(`http://127.0.0.1:${port}/write?db=vmdb`, { method: 'POST', body: 'vm_lp,host=h1 v=42' });
    expect(lp.status).toBe(204);
    const rows = await waitFor('vmagent samples in Sluice', async () => {
      const r = await sql('SELECT host, db, service_value FROM vm_lp_v').catch(() => []);
      return r.length > 0 ? r : undefined;
    });
    expect(rows).toEqual([['h1', 'vmdb', 42]]);
    await vm.stop();
  });
});
