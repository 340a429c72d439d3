import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_SCHEMA } from './test-support.js';

/**
 * An injected sync hook: every environment this file opens has its `flushed` thenable (the promise
 * lmdb-js resolves once a commit is fsynced) wrapped, so a test can hold the flush back and see who waits.
 * SIGKILL keeps the OS page cache, so only this can tell whether `write()` really waits for the flush.
 */
const gate = vi.hoisted(() => ({ held: false, calls: 0, waiting: [] as (() => void)[] }));

vi.mock('lmdb', async (importOriginal) => {
  const lmdb = await importOriginal<typeof import('lmdb')>();
  const open = ((...args: Parameters<typeof lmdb.open>) => {
    const root = lmdb.open(...args);
    const real = root.flushed;
    Object.defineProperty(root, 'flushed', {
      configurable: true,
      get: () => ({
        then(ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) {
          gate.calls++;
          return Promise.resolve(real)
            .then(() => (gate.held ? new Promise<void>((release) => gate.waiting.push(release)) : undefined))
            .then(ok, fail);
        },
      }),
    });
    return root;
  }) as typeof lmdb.open;
  return { ...lmdb, open };
});

const { openLmdbStore } = await import('./lmdb-store.js');

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function store() {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-durable-'));
  dirs.push(dir);
  return openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
}

function releaseFlushes(): void {
  gate.held = false;
  gate.waiting.splice(0).forEach((release) => release());
}

// A failed test must not leave the flush held for the next one.
afterEach(() => releaseFlushes());

describe('durability: write() resolves only after LMDB flushed the commit to disk', () => {
  it('a durable write stays pending while the flush is held, and resolves when it completes', async () => {
    const s = await store();
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[1, 'h', 'info', 1]] }]);
    gate.held = true;
    let acknowledged = false;
    const write = s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[2, 'h', 'info', 2]] }]).then((r) => ((acknowledged = true), r));
    // The commit happened and the store is waiting on the flush...
    await vi.waitFor(() => expect(gate.waiting.length).toBeGreaterThan(0));
    // ...and has not told the client yet: give every pending callback a chance to run first.
    await new Promise((r) => setImmediate(r));
    expect(acknowledged).toBe(false);
    releaseFlushes();
    expect((await write)[0]!.affectedRows).toBe(1);
    expect(acknowledged).toBe(true);
    await s.close();
  });

  it('skip_wal tables are acknowledged at commit, without waiting for the flush (the documented trade)', async () => {
    const s = await store();
    const opts = { skip_wal: true };
    await s.write([{ db: 'public', table: 'fast', schema: LOG_SCHEMA, rows: [[1, 'h', 'info', 1]], options: opts }]);
    gate.held = true;
    const before = gate.calls;
    await s.write([{ db: 'public', table: 'fast', schema: LOG_SCHEMA, rows: [[2, 'h', 'info', 2]], options: opts }]);
    expect(gate.calls).toBe(before);
    releaseFlushes();
    await s.close();
  });

  it('DDL and pipeline uploads wait for the flush too', async () => {
    const s = await store();
    gate.held = true;
    let done = false;
    const create = s.createDatabase('obs').then(() => (done = true));
    await vi.waitFor(() => expect(gate.waiting.length).toBeGreaterThan(0));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    releaseFlushes();
    await create;
    gate.held = true;
    let stored = false;
    const put = s.pipelines.put('p', 'processors: []').then(() => (stored = true));
    await vi.waitFor(() => expect(gate.waiting.length).toBeGreaterThan(0));
    await new Promise((r) => setImmediate(r));
    expect(stored).toBe(false);
    releaseFlushes();
    await put;
    await s.close();
  });
});
