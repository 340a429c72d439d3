import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The real `sluice` command in a child process, on a loopback port, so it can be SIGKILLed. */
export interface SluiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether a background maintenance pass (TTL sweep + compaction) had started and not ended in what it printed. */
  inMaintenance(): boolean;
  /** How many maintenance passes it reported as started. */
  maintenancePasses(): number;
}

export interface StartOptions {
  readonly main: string;
  readonly dataHome: string;
  /** Extra TOML appended to the config file. */
  readonly toml?: string;
  /** How long to wait for `sluice listening` (ms). */
  readonly timeoutMs?: number;
}

/** Starts `sluice standalone start` on 127.0.0.1:0 and waits until it listens; rejects with its output if it exits first. */
export async function startSluice(o: StartOptions): Promise<SluiceProcess> {
  const cfg = join(o.dataHome, '..', `${o.dataHome.split('/').pop()}.toml`);
  writeFileSync(cfg, `[logging]\nlevel = "info,storage=debug"\nlog_format = "json"\n${o.toml ?? ''}\n`);
  const child = spawn(process.execPath, [o.main, 'standalone', 'start', '-c', cfg, '--http-addr', '127.0.0.1:0', '--data-home', o.dataHome], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let started = 0;
  let done = 0;
  let url: string | undefined;
  const onData = (d: Buffer) => {
    const text = d.toString();
    out += text;
    for (const line of text.split('\n')) {
      if (line.includes('"maintenance started"')) started++;
      else if (line.includes('"maintenance done"') || line.includes('"maintenance failed')) done++;
      else if (url === undefined && line.includes('"sluice listening"')) url = `http://${(JSON.parse(line) as { addr: string }).addr}`;
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + (o.timeoutMs ?? 30_000);
  while (url === undefined) {
    if (gone) throw new Error(`sluice exited before listening:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sluice did not listen in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    inMaintenance: () => started > done,
    maintenancePasses: () => started,
  };
}
