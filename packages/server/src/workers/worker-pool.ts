import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { unpackTables, WorkerTaskError, type PipelineReply, type PipelineTask } from './protocol.js';
import type { RunItemError, RunTable } from '../pipelines/compiler.js';

export interface PoolResult {
  readonly tables: RunTable[];
  readonly errors: RunItemError[];
}

export interface PoolOptions {
  /** Old-generation heap of each worker, MiB (`[ingest] worker_heap`); a task past it fails alone. */
  readonly heapMb?: number;
  /** The config text of the heap size, for messages. */
  readonly heapText?: string;
}

interface Job {
  readonly task: PipelineTask;
  readonly resolve: (r: PoolResult) => void;
  readonly reject: (e: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

/**
 * A fixed set of pipeline workers, one task at a time each, the rest queued in order. A task whose
 * request is aborted (deadline, client gone) stops: queued, it is dropped; running, its worker is
 * terminated and replaced, so a pathological pipeline (a regex over a 10 MB line, a VRL program
 * building gigabytes) holds one worker until its deadline and never the server. A worker that runs
 * out of its heap fails only its own task (RuntimeResourcesExhausted).
 */
export class PipelineWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers that died in a row with no task running (a broken script); past MAX_RESPAWNS the pool stops replacing them. */
  private idleDeaths = 0;
  private static readonly MAX_RESPAWNS = 5;
  private readonly path: string;

  constructor(
    private readonly script: URL | string,
    readonly size: number,
    private readonly opts: PoolOptions = {},
  ) {
    this.path = typeof script === 'string' ? script : fileURLToPath(script);
    if (!existsSync(this.path)) throw new SluiceError(StatusCode.InvalidArguments, `pipeline worker script not found: ${this.path}`);
    for (let i = 0; i < size; i++) {
      const slot = { job: undefined } as Slot;
      this.start(slot);
      this.slots.push(slot);
    }
  }

  /** Tasks running or waiting (for metrics and tests). */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== undefined).length;
  }

  /** Starts a (new) worker in `slot`. */
  private start(slot: Slot): void {
    const heap = this.opts.heapMb;
    const worker = new Worker(this.script, heap !== undefined ? { resourceLimits: { maxOldGenerationSizeMb: heap } } : {});
    slot.worker = worker;
    worker.on('message', (reply: PipelineReply) => this.settle(slot, reply));
    worker.on('error', (e) => this.died(slot, worker, e));
    worker.on('exit', (code) => this.died(slot, worker, new Error(`pipeline worker exited with code ${code}`)));
    worker.unref();
  }

  private settle(slot: Slot, reply: PipelineReply): void {
    const job = slot.job;
    if (job === undefined || job.task.id !== reply.id) return;
    this.idleDeaths = 0;
    this.finish(slot);
    if (reply.ok) job.resolve({ tables: unpackTables(reply.tables), errors: reply.errors });
    else job.reject(new WorkerTaskError(reply.error));
    this.pump();
  }

  private finish(slot: Slot): void {
    const job = slot.job;
    slot.job = undefined;
    job?.signal?.removeEventListener('abort', job.onAbort);
  }

  /** A worker ended (crash, out of memory, terminated by us): fail its task, replace it. */
  private died(slot: Slot, worker: Worker, e: unknown): void {
    if (slot.worker !== worker || this.closed) return;
    const job = slot.job;
    this.finish(slot);
    if (job !== undefined) job.reject(this.deathError(e));
    else this.idleDeaths++;
    void worker.terminate();
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    if (this.idleDeaths > PipelineWorkerPool.MAX_RESPAWNS) {
      this.slots.splice(i, 1);
      if (this.slots.length === 0) for (const j of this.queue.splice(0)) j.reject(this.allDead());
    } else this.start(slot);
    this.pump();
  }

  private deathError(e: unknown): unknown {
    if ((e as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new SluiceError(StatusCode.RuntimeResourcesExhausted, `the pipeline ran out of its worker's ${this.opts.heapText ?? 'heap'} ([ingest] worker_heap); send fewer or smaller items`);
    }
    return e;
  }

  private allDead(): SluiceError {
    return new SluiceError(StatusCode.Internal, 'every pipeline worker has died; see the server log');
  }

  /** Starts queued tasks on idle workers. */
  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job !== undefined) continue;
      const job = this.queue.shift();
      if (job === undefined) return;
      slot.job = job;
      // A byte body is transferred, not copied (copying a large string costs the main thread milliseconds).
      const bytes = job.task.bytes;
      slot.worker.postMessage(job.task, bytes !== undefined && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []);
    }
  }

  /** An aborted task: dropped from the queue, or its worker terminated (and replaced). */
  private abort(job: Job): void {
    const reason = abortReason(job.signal!);
    const q = this.queue.indexOf(job);
    if (q >= 0) {
      this.queue.splice(q, 1);
      job.reject(reason);
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (slot === undefined) return;
    this.finish(slot);
    job.reject(reason);
    const dead = slot.worker;
    // Replace first so `died` (from the exit event) sees a different worker and ignores it.
    this.start(slot);
    void dead.terminate();
    this.pump();
  }

  run(task: Omit<PipelineTask, 'id'>, signal?: AbortSignal): Promise<PoolResult> {
    if (this.slots.length === 0) return Promise.reject(this.allDead());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const job: Job = { task: { ...task, id: this.nextId++ }, resolve, reject, signal, onAbort: () => this.abort(job) };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new SluiceError(StatusCode.Cancelled, 'server is stopping'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

function abortReason(signal: AbortSignal): unknown {
  const r: unknown = signal.reason;
  if (r instanceof SluiceError) return r;
  return new SluiceError(StatusCode.Cancelled, 'request cancelled');
}
