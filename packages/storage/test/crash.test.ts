import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLmdbStore } from '../src/index.js';
import { collect } from '../src/test-support.js';

// The child runs the store's TypeScript sources, bundled with esbuild (lmdb and lz4-napi stay external: they are native).
const work = mkdtempSync(join(tmpdir(), 'sluice-crash-'));
const bundle = join(work, 'crash-writer.mjs');
const BATCH = 2000;

beforeAll(async () => {
  const lmdbEntry = join(dirname(dirname(createRequire(import.meta.url).resolve('lmdb'))), 'node-index.js');
  const lz4Entry = createRequire(import.meta.url).resolve('lz4-napi');
  await build({
    entryPoints: [fileURLToPath(new URL('./crash-writer.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    conditions: ['source'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'native-external',
        setup: (b) => {
          b.onResolve({ filter: /^lmdb$/ }, () => ({ path: lmdbEntry, external: true }));
          b.onResolve({ filter: /^lz4-napi$/ }, () => ({ path: lz4Entry, external: true }));
        },
      },
    ],
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the writer from batch `first` until it has acknowledged `acks` more plus a random few, then SIGKILLs it mid-write. */
function runAndKill(dataHome: string, first: number, acks: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, dataHome, String(first)], { env: { ...process.env, CRASH_BATCH: String(BATCH) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = -1;
    let out = '';
    let err = '';
    const killAt = first + acks + Math.floor(Math.random() * 5);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const l of lines) last = Math.max(last, Number(l.slice(4)));
      if (last >= killAt && !child.killed) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(last);
      else reject(new Error(`writer exited with ${code}: ${err}`));
    });
  });
}

// Three child processes each start, write and are killed: bounded by count, not by time (slow when the machine is loaded).
it('keeps every acknowledged batch and no partial batch after kill -9, across repeated crashes', { timeout: 120_000 }, async () => {
  const dataHome = join(work, 'data');
  let next = 0;
  for (let round = 1; round <= 3; round++) {
    const lastAck = await runAndKill(dataHome, next, 10);
    const store = await openLmdbStore({ dataHome, ttlSweepIntervalMs: 0 });
    const perBatch = new Map<number, number>();
    for (const r of await collect(store, { db: 'public', table: 'crash_log', columns: ['batch'] })) {
      perBatch.set(Number(r.batch), (perBatch.get(Number(r.batch)) ?? 0) + 1);
    }
    const index = (await collect(store, { db: 'public', table: 'crash_index', columns: ['batch'] })).map((r) => Number(r.batch));
    await store.close();
    // Each round resumes after the batches found, so the batches present always form a prefix.
    const batches = [...perBatch.keys()].sort((a, b) => a - b);
    expect(batches.length).toBeGreaterThan(lastAck);
    next = batches.length;
    expect(batches).toEqual(batches.map((_, i) => i));
    for (const [b, n] of perBatch) expect(n, `batch ${b}`).toBe(BATCH);
    // Both tables of one write() commit together.
    expect(index).toEqual(batches);
  }
});
