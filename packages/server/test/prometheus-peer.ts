import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real Prometheus (Debian `prometheus`) started on a free loopback port over backfilled OpenMetrics data. */
export interface PrometheusPeer {
  readonly url: string;
  close(): Promise<void>;
}

export function hasPrometheus(): boolean {
  return existsSync('/usr/bin/prometheus') && existsSync('/usr/bin/promtool');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Backfills `openMetrics` with promtool, then starts Prometheus on it and waits until it is ready. */
export async function startPrometheus(openMetrics: string): Promise<PrometheusPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-prom-'));
  const data = join(dir, 'data');
  writeFileSync(join(dir, 'data.om'), openMetrics);
  writeFileSync(join(dir, 'prometheus.yml'), 'global: {scrape_interval: 1m}\nscrape_configs: []\n');
  execFileSync('promtool', ['tsdb', 'create-blocks-from', 'openmetrics', join(dir, 'data.om'), data], { stdio: 'pipe' });
  const port = await freePort();
  const proc: ChildProcess = spawn('prometheus', [
    `--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${data}`, '--storage.tsdb.retention.time=100y',
    `--web.listen-address=127.0.0.1:${port}`,
  ], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill('SIGKILL');
      throw new Error('Prometheus did not become ready');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: async () => {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
