import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from './build-cli.js';

function run(main: string, args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, what: () => string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting; output so far:\n${what()}`);
}

describe('the sluice command', { timeout: 60_000 }, () => {
  let main: string;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-'));
  beforeAll(async () => {
    main = await buildCli();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts with file + flags (flags win), serves, and stops gracefully on SIGTERM', async () => {
    const cfg = join(dir, 'sluice.toml');
    writeFileSync(cfg, `[http]\naddr = "127.0.0.1:1"\ntimeout = "12s"\n[logging]\nlevel = "info"\nlog_format = "json"\n`);
    const p = run(main, ['standalone', 'start', '-c', cfg, '--http-addr', '127.0.0.1:0', '--data-home', join(dir, 'data')]);
    await waitFor(() => p.output().includes('sluice listening'), p.output);
    const line = p.output().split('\n').find((l) => l.includes('sluice listening'))!;
    const addr = JSON.parse(line).addr as string;
    const config = await (await fetch(`http://${addr}/config`)).text();
    expect(config).toContain('timeout = "12s"');
    expect(config).toContain(`addr = "127.0.0.1:0"`);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('sluice stopped');
  });

  it('exits non-zero naming an unknown config key or flag', async () => {
    const cfg = join(dir, 'bad.toml');
    writeFileSync(cfg, '[http]\nbody_limt = "1MiB"\n');
    const bad = run(main, ['standalone', 'start', '-c', cfg, '--data-home', join(dir, 'data2')]);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("config 'http.body_limt': unknown key (did you mean 'body_limit'?)");
    const flag = run(main, ['standalone', 'start', '--listen', 'x']);
    expect(await flag.exited).toBe(1);
    expect(flag.output()).toMatch(/--listen/);
  });
  it('is installed as `npx sluice` in the repository (the committed bin shim over the build)', async () => {
    const root = new URL('../../../', import.meta.url);
    const npx = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn('npx', ['--no-install', 'sluice', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout!.on('data', (d) => (out += d));
        child.stderr!.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });
    const version = await npx(['--version']);
    expect(version.code).toBe(0);
    expect(version.out).toMatch(/sluice \d+\.\d+\.\d+ \(commit /);
    const help = await npx(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: sluice standalone start');
  });
});
