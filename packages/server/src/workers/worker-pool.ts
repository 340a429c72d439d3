import { TaskPool } from './task-pool.js';
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

/**
 * The pipeline workers (`[ingest] workers`): a TaskPool whose tasks parse a request body and run a
 * pipeline. An aborted task's worker is terminated at once (a regex match cannot be interrupted).
 */
export class PipelineWorkerPool extends TaskPool<PipelineTask, PipelineReply, PoolResult> {
  constructor(script: URL | string, size: number, opts: PoolOptions = {}) {
    super(script, size, {
      what: 'pipeline',
      ...(opts.heapMb !== undefined ? { heapMb: opts.heapMb } : {}),
      heapKey: '[ingest] worker_heap',
      ...(opts.heapText !== undefined ? { heapText: opts.heapText } : {}),
      heapAdvice: 'send fewer or smaller items',
      decode: (reply) => {
        if (!reply.ok) throw new WorkerTaskError(reply.error);
        return { tables: unpackTables(reply.tables), errors: reply.errors };
      },
      // A byte body is transferred, not copied (copying a large string costs the main thread milliseconds).
      transfer: (task) => (task.bytes !== undefined && task.bytes.buffer instanceof ArrayBuffer ? [task.bytes.buffer] : []),
    });
  }
}
