import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { PipelineWorkerPool } from './worker-pool.js';
import type { PipelineTask } from './protocol.js';

/** A stand-in worker: `body` says what to do (answer, spin forever, or allocate until the heap is gone). */
const SCRIPT = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (t) => {
  if (t.body === 'spin') for (;;) {}
  if (t.body === 'oom') { const keep = []; for (;;) keep.push(new Array(1e6).fill(t.id)); }
  parentPort.postMessage({ id: t.id, ok: true, items: 0, tables: [], errors: [] });
});
`;
const script = join(mkdtempSync(join(tmpdir(), 'pool-')), 'worker.mjs');
writeFileSync(script, SCRIPT);

const task = (body: string): Omit<PipelineTask, 'id'> => ({
  key: 'k', yaml: '', body, contentType: 'text/plain', skipError: false, limits: { maxLineLength: 1e6, maxItems: 1e6, maxValueSize: 1e6 },
});

describe('pipeline worker pool (issue 18)', () => {
  let pool: PipelineWorkerPool | undefined;
  afterEach(async () => pool?.close());

  it('ready(): resolves when every worker said it is loaded, or at the timeout for a script that never says so', async () => {
    const warm = join(mkdtempSync(join(tmpdir(), 'pool-')), 'warm.mjs');
    writeFileSync(warm, `import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => {});\nsetTimeout(() => parentPort.postMessage({ ready: true }), 50);\n`);
    pool = new PipelineWorkerPool(warm, 2);
    await pool.ready(10_000);
    await pool.close();
    pool = new PipelineWorkerPool(script, 1);
    const t = performance.now();
    await pool.ready(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(150);
  });

  it('terminates a task at its deadline, replaces the worker and keeps serving', async () => {
    pool = new PipelineWorkerPool(script, 1);
    const ac = new AbortController();
    const spinning = pool.run(task('spin'), ac.signal);
    const queued = pool.run(task('ok'));
    setTimeout(() => ac.abort(new SluiceError(StatusCode.DeadlineExceeded, 'request timed out after 0.2s')), 200);
    await expect(spinning).rejects.toMatchObject({ code: StatusCode.DeadlineExceeded });
    await expect(queued).resolves.toEqual({ tables: [], errors: [] });
    expect(pool.pending).toBe(0);
  }, 30_000);

  it('an overflow worker takes the tasks queued behind a long task; not those behind short ones', async () => {
    const ready = join(mkdtempSync(join(tmpdir(), 'pool-')), 'ready.mjs');
    writeFileSync(ready, SCRIPT + `parentPort.postMessage({ ready: true });\n`);
    pool = new PipelineWorkerPool(ready, 1, { overflow: 1 });
    await pool.ready(10_000);
    // Short tasks one after the other: the regular worker takes each (none waits a slice).
    for (let i = 0; i < 5; i++) await pool.run(task('ok'));
    expect(pool.overflowTasks).toBe(0);
    // A task that never ends holds the regular worker: the two queued behind it run on the overflow worker.
    const ac = new AbortController();
    const spinning = pool.run(task('spin'), ac.signal);
    await expect(Promise.all([pool.run(task('ok')), pool.run(task('ok'))])).resolves.toEqual([{ tables: [], errors: [] }, { tables: [], errors: [] }]);
    expect(pool.overflowTasks).toBe(2);
    ac.abort(new SluiceError(StatusCode.DeadlineExceeded, 'request timed out'));
    await expect(spinning).rejects.toMatchObject({ code: StatusCode.DeadlineExceeded });
    // Without overflow workers the same queued task waits for the long one to end.
    await pool.close();
    pool = new PipelineWorkerPool(ready, 1);
    await pool.ready(10_000);
    const ac2 = new AbortController();
    const spinning2 = pool.run(task('spin'), ac2.signal);
    let done = false;
    const queued = pool.run(task('ok')).then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 600));
    expect(done).toBe(false);
    ac2.abort(new SluiceError(StatusCode.DeadlineExceeded, 'request timed out'));
    await expect(spinning2).rejects.toMatchObject({ code: StatusCode.DeadlineExceeded });
    await expect(queued).resolves.toEqual({ tables: [], errors: [] });
  }, 30_000);

  it('drops a queued task whose request went away, without touching the running one', async () => {
    pool = new PipelineWorkerPool(script, 1);
    const first = pool.run(task('ok'));
    const ac = new AbortController();
    const second = pool.run(task('ok'), ac.signal);
    ac.abort();
    await expect(second).rejects.toMatchObject({ code: StatusCode.Cancelled });
    await expect(first).resolves.toBeDefined();
  }, 30_000);

  it('a task that exhausts its worker heap fails alone with RuntimeResourcesExhausted', async () => {
    pool = new PipelineWorkerPool(script, 1, { heapMb: 32, heapText: '32MiB' });
    await expect(pool.run(task('oom'))).rejects.toMatchObject({ code: StatusCode.RuntimeResourcesExhausted, message: expect.stringContaining('[ingest] worker_heap') });
    await expect(pool.run(task('ok'))).resolves.toBeDefined();
  }, 60_000);
});
