import { TaskPool } from './task-pool.js';
import { WorkerTaskError, type DecodeTask, type PackedTable, type PipelineReply, type PipelineTask } from './protocol.js';
import type { RunItemError } from '../pipelines/compiler.js';

/** A run's tables as the worker packed them (unpackTablesSliced builds their rows) and its item errors. */
export interface PoolResult {
  readonly tables: PackedTable[];
  readonly errors: RunItemError[];
  /** A DecodeTask's tables whose layout came as a stamp the worker had no text for. */
  readonly missingLayouts?: string[];
}

export interface PoolOptions {
  /** Old-generation heap of each worker, MiB (`[ingest] worker_heap`); a task past it fails alone. */
  readonly heapMb?: number;
  /** The config text of the heap size, for messages. */
  readonly heapText?: string;
  /** Overflow workers (`[ingest] overflow_workers`, see TaskPoolSpec.overflow). */
  readonly overflow?: number;
}

/**
 * The pipeline workers (`[ingest] workers`): a TaskPool whose tasks parse a request body and run a
 * pipeline, or decode a protocol body into writes (DecodeTask). An aborted task's worker is terminated at once (a regex match cannot be interrupted).
 */
export class PipelineWorkerPool extends TaskPool<PipelineTask | DecodeTask, PipelineReply, PoolResult> {
  constructor(script: URL | string, size: number, opts: PoolOptions = {}) {
    super(script, size, {
      what: 'pipeline',
      ...(opts.heapMb !== undefined ? { heapMb: opts.heapMb } : {}),
      heapKey: '[ingest] worker_heap',
      ...(opts.heapText !== undefined ? { heapText: opts.heapText } : {}),
      heapAdvice: 'send fewer or smaller items',
      ...(opts.overflow !== undefined ? { overflow: opts.overflow } : {}),
      decode: (reply) => {
        if (!reply.ok) throw new WorkerTaskError(reply.error);
        return { tables: reply.tables, errors: reply.errors, ...(reply.missingLayouts !== undefined ? { missingLayouts: reply.missingLayouts } : {}) };
      },
      // A byte body is transferred, not copied (copying a large string costs the main thread milliseconds).
      transfer: (task) => (task.bytes !== undefined && task.bytes.buffer instanceof ArrayBuffer ? [task.bytes.buffer] : []),
    });
  }
}
