import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { decodeTables, WorkerTaskError, type PipelineReply, type PipelineTask } from './protocol.js';
import type { RunItemError, RunTable } from '../pipelines/compiler.js';

export interface PoolResult {
  readonly tables: RunTable[];
  readonly errors: RunItemError[];
}

interface Slot {
  readonly worker: Worker;
  inFlight: number;
}

/**
 * A fixed set of pipeline workers; each task goes to the least busy one. A worker that dies fails
 * its tasks and is replaced.
 */
export class PipelineWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, { resolve: (r: PoolResult) => void; reject: (e: unknown) => void; slot: Slot }>();
  private nextId = 1;
  private closed = false;
  /** Workers that died in a row without answering; past MAX_RESPAWNS the pool stops replacing them. */
  private deaths = 0;
  private static readonly MAX_RESPAWNS = 5;

  constructor(
    private readonly script: URL | string,
    readonly size: number,
  ) {
    const path = typeof script === 'string' ? script : fileURLToPath(script);
    if (!existsSync(path)) throw new SluiceError(StatusCode.InvalidArguments, `pipeline worker script not found: ${path}`);
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(this.script);
    const slot: Slot = { worker, inFlight: 0 };
    worker.on('message', (reply: PipelineReply) => this.settle(reply));
    worker.on('error', (e) => this.fail(slot, e));
    worker.on('exit', (code) => {
      if (!this.closed) this.fail(slot, new Error(`pipeline worker exited with code ${code}`));
    });
    worker.unref();
    return slot;
  }

  private settle(reply: PipelineReply): void {
    const p = this.pending.get(reply.id);
    if (p === undefined) return;
    this.deaths = 0;
    this.pending.delete(reply.id);
    p.slot.inFlight--;
    if (reply.ok) p.resolve({ tables: decodeTables(reply.tables), errors: reply.errors });
    else p.reject(new WorkerTaskError(reply.error));
  }

  private fail(slot: Slot, e: unknown): void {
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      this.pending.delete(id);
      p.reject(e);
    }
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.closed) return;
    void slot.worker.terminate();
    if (++this.deaths > PipelineWorkerPool.MAX_RESPAWNS) this.slots.splice(i, 1);
    else this.slots[i] = this.spawn();
  }

  run(task: Omit<PipelineTask, 'id'>): Promise<PoolResult> {
    if (this.slots.length === 0) return Promise.reject(new SluiceError(StatusCode.Internal, 'every pipeline worker has died; see the server log'));
    const slot = this.slots.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    const id = this.nextId++;
    slot.inFlight++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, slot });
      slot.worker.postMessage({ ...task, id });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
