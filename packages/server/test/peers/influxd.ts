import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's `influxd` (1.6) on 127.0.0.1 with a temp data dir, as a line-protocol oracle. */
export interface Influxd {
  readonly url: string;
  query(q: string, db?: string): Promise<unknown>;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startInfluxd(): Promise<Influxd> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-influxd-'));
  const [http, rpc] = [await freePort(), await freePort()];
  const conf = join(dir, 'influxdb.conf');
  writeFileSync(conf, [
    'reporting-disabled = true', `bind-address = "127.0.0.1:${rpc}"`,
    '[meta]', `  dir = "${dir}/meta"`,
    '[data]', `  dir = "${dir}/data"`, `  wal-dir = "${dir}/wal"`, '  query-log-enabled = false',
    '[http]', `  bind-address = "127.0.0.1:${http}"`, '  log-enabled = false',
    '[logging]', '  level = "error"',
  ].join('\n'));
  const child: ChildProcess = spawn('influxd', ['run', '-config', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${http}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/ping`)).status === 204) break;
    } catch {
      // not up yet
    }
    if (i > 200 || child.exitCode !== null) throw new Error('influxd did not start (is the Debian package influxdb installed?)');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async query(q, db) {
      const res = await fetch(`${url}/query?epoch=ns${db ? `&db=${db}` : ''}`, { method: 'POST', body: new URLSearchParams({ q }) });
      return res.json();
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
