import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The packages as a user gets them: `npm pack` (prepack builds), installed from the tarballs
 * into an empty project outside the repository (no monorepo node_modules in reach), then used there.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['pipeline-core', 'storage', 'storage-clickhouse', 'query', 'server'] as const;

function run(cmd: string, args: string[], cwd: string, timeout = 240_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, timeout, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' } }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')} failed: ${err.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe('packed packages installed outside the repository', { timeout: 420_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-pack-'));
  const project = join(dir, 'project');
  const tarballs: Record<string, string> = {};

  beforeAll(async () => {
    // prepack's build output shares stdout with the JSON report: the report is the array at the end.
    const out = await run('npm', ['pack', '--json', '--pack-destination', dir, ...PACKAGES.map((p) => `--workspace=@sluice/${p}`)], root);
    const packed = JSON.parse(out.slice(out.search(/^\[\s*\{/m), out.lastIndexOf(']') + 1)) as { name: string; filename: string; files: { path: string }[] }[];
    for (const p of packed) {
      tarballs[p.name] = join(dir, p.filename);
      const files = p.files.map((f) => f.path);
      expect(files, p.name).toContain('LICENSE');
      expect(files, p.name).toContain('dist/index.js');
      expect(files, p.name).toContain('dist/index.d.ts');
      expect(files.some((f) => f.startsWith('src/')), `${p.name} ships no sources`).toBe(false);
      // The server ships the built dashboard it serves at /dashboard (SLUICE_BUILD_DASHBOARD=0 leaves it out).
      if (p.name === '@sluice/server' && !['0', 'off', 'false', 'no'].includes((process.env.SLUICE_BUILD_DASHBOARD ?? '').toLowerCase())) expect(files).toContain('dist/dashboard/index.html');
    }
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'sluice-user', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', ...Object.values(tarballs)], project);
    console.log(
      'tarball sizes:',
      Object.entries(tarballs).map(([n, f]) => `${n} ${(statSync(f).size / 1024).toFixed(1)} KiB`).join(', '),
    );
  }, 400_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('packs all five packages', () => {
    expect(Object.keys(tarballs).sort()).toEqual(PACKAGES.map((p) => `@sluice/${p}`).sort());
  });

  it('imports @sluice/pipeline-core from a plain .mjs file and parses a log line; require() works too', async () => {
    writeFileSync(
      join(project, 'parse.mjs'),
      `import { parsePipeline, toPlain } from '@sluice/pipeline-core';
const p = parsePipeline(\`processors:
  - dissect:
      fields: [message]
      patterns: ['%{ip} %{method} %{path}']
transform:
  - fields: [ip, method, path]
    type: string
\`);
const out = p.run(['10.0.0.1 GET /index.html']);
console.log(JSON.stringify(out.tables[0].rows[0].map(toPlain), (_, v) => (typeof v === 'bigint' ? String(v) : v)));
`,
    );
    expect(JSON.parse((await run('node', ['parse.mjs'], project)).trim())).toEqual(expect.arrayContaining(['10.0.0.1', 'GET', '/index.html']));
    writeFileSync(join(project, 'require.cjs'), `const core = require('@sluice/pipeline-core'); console.log(typeof core.parsePipeline);`);
    expect((await run('node', ['require.cjs'], project)).trim()).toBe('function');
  });

  it('runs `npx sluice`: --version, then standalone start, ingest and query', async () => {
    expect(await run('npx', ['--no-install', 'sluice', '--version'], project)).toMatch(/^sluice 0\.1\.0 \(commit ([0-9a-f]{40}|unknown)/);
    const child = spawn('npx', ['--no-install', 'sluice', 'standalone', 'start', '--http-addr', '127.0.0.1:0', '--data-home', join(project, 'data')], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const exited = new Promise((r) => child.on('exit', r));
    try {
      for (let i = 0; i < 600 && !/sluice listening/.test(log); i++) await new Promise((r) => setTimeout(r, 50));
      const addr = /listening[^\n]*?(127\.0\.0\.1:\d+)/.exec(log)?.[1];
      expect(addr, log).toBeDefined();
      const ingest = await fetch(`http://${addr}/v1/ingest?table=app&pipeline_name=service_identity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[{"user":"ann","n":1},{"user":"bob","n":2}]',
      });
      expect(ingest.status).toBe(200);
      const q = await fetch(`http://${addr}/v1/sql?format=json`, { method: 'POST', body: new URLSearchParams({ sql: 'SELECT user, n FROM app ORDER BY user' }) });
      expect((await q.json()).data).toEqual([{ user: 'ann', n: 1 }, { user: 'bob', n: 2 }]);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });

  it('bundles @sluice/pipeline-core for the browser and runs the bundle in a bare context', async () => {
    writeFileSync(
      join(project, 'browser.mjs'),
      `import { parsePipeline, toPlain } from '@sluice/pipeline-core';
const p = parsePipeline("processors:\\n  - vrl:\\n      source: |\\n        .level = upcase!(.level)\\n        .n = to_int!(.n) * 2\\n        .\\n");
globalThis.result = JSON.stringify(p.run([{ level: 'warn', n: '21' }]).tables[0].rows[0].map(toPlain), (_, v) => (typeof v === 'bigint' ? String(v) : v));
`,
    );
    const outfile = join(project, 'bundle.js');
    await build({ entryPoints: [join(project, 'browser.mjs')], absWorkingDir: project, bundle: true, minify: true, platform: 'browser', format: 'iife', outfile, logLevel: 'error' });
    const code = readFileSync(outfile);
    // No Node globals (process, Buffer, require, ...): only the language's own and two Web APIs every
    // browser has.
    const context: { result?: string; TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder } = { TextEncoder, TextDecoder };
    runInNewContext(code.toString('utf8'), context);
    expect(JSON.parse(context.result!)).toEqual(expect.arrayContaining(['WARN', 42]));
    console.log(`browser bundle: ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzipped`);
  });
});
