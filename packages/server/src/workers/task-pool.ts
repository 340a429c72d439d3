import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { abortReason } from './abort-reason.js';

/** A task as a caller gives it (the pool numbers it); distributes over a union of task kinds. */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** What every task and reply carry: the task's id. */
export interface Tagged {
  readonly id: number;
}

/** What a pool's workers do and how their replies become results. */
export interface TaskPoolSpec<Task extends Tagged, Reply extends Tagged, Result> {
  /** What the workers run, for messages ("pipeline", "query"). */
  readonly what: string;
  /** Old-generation heap of each worker, MiB; a task past it fails alone. */
  readonly heapMb?: number;
  /** The config key and text of the heap size, for messages (`[ingest] worker_heap`, `1GiB`). */
  readonly heapKey?: string;
  readonly heapText?: string;
  /** What a task past the heap should do instead, for the message. */
  readonly heapAdvice?: string;
  /** `workerData` of the worker in slot `slot` (1-based; 0 is the main thread). */
  readonly workerData?: (slot: number) => unknown;
  /** A reply as the task's result; throws to fail the task. */
  readonly decode: (reply: Reply) => Result;
  /** Buffers to transfer (not copy) with a task. */
  readonly transfer?: (task: Task) => Transferable[];
  /**
   * Set: an aborted running task is first asked to stop (`{ cancel: id }` posted to its worker, which
   * answers once it stopped) and its worker terminated only when it has not answered after `graceMs`;
   * unset: the worker is terminated at once. Either way the task fails at once.
   */
  readonly cancelGraceMs?: number;
  /** Called when the worker of `slot` ended (crash, out of memory, terminated): free what it held. */
  readonly onWorkerExit?: (slot: number) => void;
  /**
   * Overflow workers beyond `size` (default 0): one takes a queued task only while every regular
   * worker has been busy with its task for longer than `sliceMs`, so a long task (a pathological query
   * or pipeline running to its deadline) does not hold every task queued behind it: the OS shares the
   * cores between the long task's thread and the overflow worker's, as it would between two processes.
   */
  readonly overflow?: number;
  /** How long a task runs before it counts as long (default OVERFLOW_SLICE_MS). */
  readonly sliceMs?: number;
}

/** A task running longer than this lets an overflow worker take the tasks queued behind it. */
export const OVERFLOW_SLICE_MS = 250;

interface Job<Task, Result> {
  readonly task: Task;
  /** When the task was handed to a worker (performance.now()). */
  startedAt: number;
  readonly resolve: (r: Result) => void;
  readonly reject: (e: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

interface Slot<Task, Result> {
  readonly index: number;
  /** An overflow worker (see TaskPoolSpec.overflow). */
  readonly overflow: boolean;
  /** Undefined until the slot's first worker is started (see startNext). */
  worker: Worker;
  job: Job<Task, Result> | undefined;
  /** The worker said it has loaded its script. */
  ready: boolean;
  /** Called once when the slot's first worker has loaded (starts the next slot's). */
  onFirstReady?: () => void;
  /** A cancelled task the worker has not yet answered: the slot takes no new task meanwhile. */
  stopping: { readonly id: number; readonly timer: NodeJS.Timeout } | undefined;
}

/**
 * A fixed set of worker threads, one task at a time each, the rest queued in order. A task whose
 * request is aborted (deadline, client gone) stops: queued, it is dropped; running, it is asked to
 * stop or its worker is terminated and replaced, so a pathological task (a regex over a 10 MB line,
 * a query that never ends) holds one worker until its deadline and never the server. A worker that
 * runs out of its heap fails only its own task (RuntimeResourcesExhausted).
 */
export class TaskPool<Task extends Tagged, Reply extends Tagged, Result> {
  private readonly slots: Slot<Task, Result>[] = [];
  private readonly queue: Job<Task, Result>[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers that died in a row with no task running (a broken script); past MAX_RESPAWNS the pool stops replacing them. */
  private idleDeaths = 0;
  private static readonly MAX_RESPAWNS = 5;
  private static readonly STAGGER_MS = 3000;
  private readonly path: string;
  private warm = 0;
  private onWarm: (() => void) | undefined;
  /** Pumps again when the regular workers' tasks become long (an overflow worker may then take one). */
  private sliceTimer: NodeJS.Timeout | undefined;
  private readonly sliceMs: number;
  /** Tasks an overflow worker took (for metrics and tests). */
  overflowTasks = 0;

  constructor(
    private readonly script: URL | string,
    readonly size: number,
    private readonly spec: TaskPoolSpec<Task, Reply, Result>,
  ) {
    this.path = typeof script === 'string' ? script : fileURLToPath(script);
    if (!existsSync(this.path)) throw new SluiceError(StatusCode.InvalidArguments, `${spec.what} worker script not found: ${this.path}`);
    this.sliceMs = spec.sliceMs ?? OVERFLOW_SLICE_MS;
    const overflow = size > 0 ? Math.max(0, spec.overflow ?? 0) : 0;
    for (let i = 0; i < size + overflow; i++) this.slots.push({ index: i + 1, overflow: i >= size, job: undefined, stopping: undefined, ready: false } as Slot<Task, Result>);
    this.startNext();
  }

  /**
   * Starts the first worker not started yet; the one after it starts once this one has loaded (or
   * STAGGER_MS later): workers loading their libraries all at once starve the main thread of CPU.
   */
  private startNext(): void {
    const slot = this.slots.find((s) => s.worker === undefined);
    if (slot === undefined || this.closed) return;
    this.start(slot);
    let next = false;
    const go = () => {
      if (next) return;
      next = true;
      clearTimeout(timer);
      this.startNext();
    };
    const timer = setTimeout(go, TaskPool.STAGGER_MS).unref();
    slot.onFirstReady = go;
  }

  private warmed(): void {
    this.warm++;
    if (this.warm >= this.slots.length) this.onWarm?.();
  }

  /**
   * Resolves once every worker has loaded its script (a worker's first task otherwise waits for its
   * libraries to load, seconds on a busy machine), or after `timeoutMs`, whichever is first.
   */
  ready(timeoutMs = 15_000): Promise<void> {
    if (this.warm >= this.slots.length) return Promise.resolve();
    return new Promise((resolve) => {
      // Not unref'd: the workers are, so this timer is what keeps a process that awaits this alive.
      const timer = setTimeout(resolve, timeoutMs);
      this.onWarm = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Tasks running or waiting (for metrics and tests). */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== undefined).length;
  }

  /** Starts a (new) worker in `slot`. */
  private start(slot: Slot<Task, Result>): void {
    const heap = this.spec.heapMb;
    const worker = new Worker(this.script, {
      ...(heap !== undefined ? { resourceLimits: { maxOldGenerationSizeMb: heap } } : {}),
      ...(this.spec.workerData ? { workerData: this.spec.workerData(slot.index) } : {}),
    });
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (reply: Reply | { ready: true }) => {
      if ('ready' in reply) {
        slot.ready = true;
        slot.onFirstReady?.();
        slot.onFirstReady = undefined;
        this.warmed();
        if (slot.overflow) this.pump();
      } else this.settle(slot, reply);
    });
    worker.on('error', (e) => this.died(slot, worker, e));
    worker.on('exit', (code) => {
      this.spec.onWorkerExit?.(slot.index);
      this.died(slot, worker, new Error(`${this.spec.what} worker exited with code ${code}`));
    });
    worker.unref();
  }

  private settle(slot: Slot<Task, Result>, reply: Reply): void {
    if (slot.stopping !== undefined && slot.stopping.id === reply.id) {
      clearTimeout(slot.stopping.timer);
      slot.stopping = undefined;
      this.pump();
      return;
    }
    const job = slot.job;
    if (job === undefined || job.task.id !== reply.id) return;
    this.idleDeaths = 0;
    this.finish(slot);
    let result: Result;
    try {
      result = this.spec.decode(reply);
    } catch (e) {
      job.reject(e);
      this.pump();
      return;
    }
    job.resolve(result);
    this.pump();
  }

  private finish(slot: Slot<Task, Result>): void {
    const job = slot.job;
    slot.job = undefined;
    job?.signal?.removeEventListener('abort', job.onAbort);
  }

  /** A worker ended (crash, out of memory, terminated by us): fail its task, replace it. */
  private died(slot: Slot<Task, Result>, worker: Worker, e: unknown): void {
    if (slot.worker !== worker || this.closed) return;
    const job = slot.job;
    this.finish(slot);
    if (slot.stopping !== undefined) clearTimeout(slot.stopping.timer);
    slot.stopping = undefined;
    if (job !== undefined) job.reject(this.deathError(e));
    else this.idleDeaths++;
    void worker.terminate();
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    if (this.idleDeaths > TaskPool.MAX_RESPAWNS) {
      this.slots.splice(i, 1);
      if (this.slots.length === 0) for (const j of this.queue.splice(0)) j.reject(this.allDead());
    } else this.start(slot);
    this.pump();
  }

  private deathError(e: unknown): unknown {
    if ((e as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const heap = this.spec.heapText !== undefined ? `${this.spec.heapText} heap` : 'heap';
      const key = this.spec.heapKey !== undefined ? ` (${this.spec.heapKey})` : '';
      return new SluiceError(StatusCode.RuntimeResourcesExhausted, `the ${this.spec.what} ran out of its worker's ${heap}${key}${this.spec.heapAdvice ? `; ${this.spec.heapAdvice}` : ''}`);
    }
    return e;
  }

  private allDead(): SluiceError {
    return new SluiceError(StatusCode.Internal, `every ${this.spec.what} worker has died; see the server log`);
  }

  /** Starts queued tasks on idle workers. */
  private pump(): void {
    // Idle workers that have loaded first: a worker still loading (just started or replaced) takes a
    // task only when no loaded one is free (the task then waits for its load).
    const idle = this.slots.filter((s) => !s.overflow && s.worker !== undefined && s.job === undefined && s.stopping === undefined);
    for (const slot of [...idle.filter((s) => s.ready), ...idle.filter((s) => !s.ready)]) {
      const job = this.queue.shift();
      if (job === undefined) return;
      this.dispatch(slot, job);
    }
    this.pumpOverflow();
  }

  private dispatch(slot: Slot<Task, Result>, job: Job<Task, Result>): void {
    slot.job = job;
    job.startedAt = performance.now();
    slot.worker.postMessage(job.task, this.spec.transfer?.(job.task) ?? []);
  }

  /**
   * Every regular worker busy (or stopping a cancelled task) and tasks still queued: once the newest of
   * the regular workers' tasks has run `sliceMs`, idle overflow workers take queued tasks; until then a
   * timer comes back at that moment.
   */
  private pumpOverflow(): void {
    if (this.queue.length === 0) return;
    const spare = this.slots.filter((s) => s.overflow && s.worker !== undefined && s.ready && s.job === undefined && s.stopping === undefined);
    if (spare.length === 0) return;
    const now = performance.now();
    let longAt = 0;
    for (const s of this.slots) {
      if (s.overflow || s.stopping !== undefined) continue;
      if (s.job === undefined) return; // a regular worker is free (still loading): it takes the next task
      longAt = Math.max(longAt, s.job.startedAt + this.sliceMs);
    }
    if (longAt > now) {
      if (this.sliceTimer === undefined) {
        this.sliceTimer = setTimeout(() => {
          this.sliceTimer = undefined;
          this.pump();
        }, Math.ceil(longAt - now)).unref();
      }
      return;
    }
    for (const slot of spare) {
      const job = this.queue.shift();
      if (job === undefined) return;
      this.overflowTasks++;
      this.dispatch(slot, job);
    }
  }

  /** An aborted task: dropped from the queue, or its worker asked to stop / terminated (and replaced). */
  private abort(job: Job<Task, Result>): void {
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
    const grace = this.spec.cancelGraceMs;
    if (grace !== undefined) {
      const worker = slot.worker;
      slot.stopping = { id: job.task.id, timer: setTimeout(() => this.kill(slot, worker), grace).unref() };
      worker.postMessage({ cancel: job.task.id });
      return;
    }
    this.kill(slot, slot.worker);
  }

  /** Replaces the worker of `slot` (when it still is `worker`) and terminates the old one. */
  private kill(slot: Slot<Task, Result>, worker: Worker): void {
    if (slot.worker !== worker || this.closed) return;
    slot.stopping = undefined;
    // Replace first so `died` (from the exit event) sees a different worker and ignores it.
    this.start(slot);
    void worker.terminate();
    this.pump();
  }

  run(task: WithoutId<Task>, signal?: AbortSignal): Promise<Result> {
    if (this.slots.length === 0) return Promise.reject(this.allDead());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const job: Job<Task, Result> = { task: { ...task, id: this.nextId++ } as unknown as Task, startedAt: 0, resolve, reject, signal, onAbort: () => this.abort(job) };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sliceTimer !== undefined) clearTimeout(this.sliceTimer);
    for (const j of this.queue.splice(0)) j.reject(new SluiceError(StatusCode.Cancelled, 'server is stopping'));
    for (const s of this.slots) if (s.stopping !== undefined) clearTimeout(s.stopping.timer);
    await Promise.all(this.slots.map((s) => s.worker?.terminate()));
  }
}
