import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every example's README commands, run as written from the repository root, twice: both runs must
 * succeed and print the same thing once volatile parts (timings, versions, temp paths) are masked.
 * `npm start` starts the real `sluice` command (the bin shim over the build) on a free port with a
 * temporary data home; `127.0.0.1:4000` in a command is replaced by that address.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const examplesDir = join(root, 'examples');

/** The commands of the ```sh blocks of a README, comments and blank lines dropped. */
export function readmeCommands(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.split('\n')) {
      const cmd = line.replace(/\s+#.*$/, '').replace(/^#.*$/, '').trim();
      if (cmd !== '') out.push(cmd);
    }
  }
  return out;
}

/** Masks what legitimately differs between two runs. */
function normalize(text: string): string {
  return text
    .replace(/"?execution_time_ms"?\s*:\s*\d+/g, 'execution_time_ms:N')
    .replace(/Elapsed: [\d.]+ sec/g, 'Elapsed: N sec')
    .replace(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?/g, 'TIME')
    .replace(/\/tmp\/[\w.-]+/g, '/tmp/X')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/\b1[6-9]\d{11}\b/g, 'EPOCH_MS')
    .replace(/"?(created_at|createdAt|version)"?\s*:\s*"?[\w:. +-]+"?/g, '$1:V')
    .replace(/\b\d+(\.\d+)? ?(ms|µs|s)\b/g, 'N$2');
}

function sh(cmd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', cmd], { cwd: root, env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr });
    });
  });
}

describe('examples run as their READMEs say, twice, with the same result', { timeout: 300_000 }, () => {
  const dataHome = mkdtempSync(join(tmpdir(), 'sluice-examples-'));
  let server: ReturnType<typeof spawn> | undefined;
  let addr = '';
  /** Build commands already run in this test (they are idempotent; turbo answers the repeats from its cache). */
  const built = new Set<string>();

  const startServer = async () => {
    if (server !== undefined) return;
    const child = spawn(process.execPath, [join(root, 'packages/server/bin/sluice.mjs'), 'standalone', 'start', '--http-addr', '127.0.0.1:0', '--data-home', dataHome], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    for (let i = 0; i < 400 && !/sluice listening/.test(log); i++) await new Promise((r) => setTimeout(r, 50));
    const m = /listening[^\n]*?(127\.0\.0\.1:\d+)/.exec(log);
    if (m === null) throw new Error(`sluice did not start:\n${log}`);
    addr = m[1]!;
  };

  beforeAll(() => {
    expect(existsSync(join(root, 'packages/server/dist/main.js'))).toBe(true);
  });
  afterAll(async () => {
    if (server !== undefined && server.exitCode === null) {
      const exited = new Promise((r) => server!.on('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataHome, { recursive: true, force: true });
  });

  const examples = readdirSync(examplesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(examplesDir, d.name, 'README.md')))
    .map((d) => d.name);

  it('finds the examples and their commands', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const name of examples) expect(readmeCommands(readFileSync(join(examplesDir, name, 'README.md'), 'utf8')), name).not.toEqual([]);
  });

  it.each(examples)('%s', async (name) => {
    const commands = readmeCommands(readFileSync(join(examplesDir, name, 'README.md'), 'utf8'));
    const runOnce = async () => {
      const outputs: string[] = [];
      for (const raw of commands) {
        if (/^npm start\b/.test(raw)) {
          await startServer();
          continue;
        }
        if (built.has(raw)) continue;
        const cmd = raw.replace(/127\.0\.0\.1:4000/g, addr || '127.0.0.1:4000');
        const env = { ...process.env, ...(addr ? { SLUICE_URL: `http://${addr}` } : {}) };
        const { code, out } = await sh(cmd, env);
        expect(code, `${name}: \`${raw}\` failed:\n${out}`).toBe(0);
        if (/^npm run build$/.test(raw)) built.add(raw);
        // Build commands print turbo's cache report, which differs between runs.
        if (!/^npm run build\b/.test(raw)) outputs.push(`$ ${raw}\n${normalize(out)}`);
      }
      return outputs.join('\n');
    };
    const first = await runOnce();
    const second = await runOnce();
    expect(second).toBe(first);
  });
});
