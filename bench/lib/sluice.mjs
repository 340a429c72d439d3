// The Sluice server as a bench peer: the BUILT server in a child process with a temporary data home.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diskBytes, peakRssOf, readyUrl } from './proc.mjs';

/**
 * Starts Sluice; `workers` is the pipelineWorkers option ('default' leaves the server's default);
 * `storage` adds [storage] keys (e.g. `{ backend: 'clickhouse', clickhouse: { url: [...] } }`), `config` other
 * sections (e.g. `{ query: { workers: 0 } }`).
 */
export async function startSluice(workers = 'default', storage = undefined, config = undefined) {
  const dataHome = mkdtempSync(join(tmpdir(), 'sluice-bench-srv-'));
  const env = { ...process.env, ...(storage ? { SLUICE_BENCH_STORAGE: JSON.stringify(storage) } : {}), ...(config ? { SLUICE_BENCH_CONFIG: JSON.stringify(config) } : {}) };
  // SLUICE_NODE_ARGS: extra node flags for the server process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeArgs = process.env.SLUICE_NODE_ARGS ? process.env.SLUICE_NODE_ARGS.split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...nodeArgs, new URL('./sluice-child.mjs', import.meta.url).pathname, dataHome, String(workers)], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const url = await readyUrl(child, 'sluice');
  const s = {
    url,
    pid: child.pid,
    async putPipeline(name, yaml) {
      const res = await fetch(`${url}/v1/pipelines/${name}`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
      if (res.status !== 200) throw new Error(`pipeline upload failed: ${await res.text()}`);
    },
    /** Rows of a query (GreptimeDB v1 JSON output). */
    async rows(sql) {
      const res = await fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql, db: 'public' }) });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`Sluice: HTTP ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body.output[0].records.rows;
    },
    diskBytes: () => diskBytes(dataHome),
    peakRss: () => peakRssOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataHome, { recursive: true, force: true });
    },
  };
  return s;
}
