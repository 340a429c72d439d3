import { HttpRequestError } from '../errors.js';
import { TaskPool } from './task-pool.js';
import { SharedMemoryPool } from './shared-memory-pool.js';
import { promqlErrorFromWire } from './promql-work.js';
import type { QueryReply, QueryTask, QueryWorkerData } from './query-protocol.js';
import type { SluiceConfig } from '../config/schema.js';

/** A query a worker ran: the encoded body, or `write` (not read-only: the main thread runs it). */
export type QueryResult = { readonly write: true } | { readonly write: false; readonly body: Uint8Array<ArrayBuffer>; readonly contentType: string; readonly elapsedMs: number };

export interface QueryPoolOptions {
  readonly dataHome: string;
  readonly config: SluiceConfig;
  /** The memory pool's counters, shared with the main thread's engine (slot 0). */
  readonly poolBuffer: SharedArrayBuffer;
  /** Old-generation heap of each worker, MiB (`[query] worker_heap`). */
  readonly heapMb: number;
  readonly heapText: string;
  /** Overflow workers (`[query] overflow_workers`, see TaskPoolSpec.overflow). */
  readonly overflow?: number;
}

/** How long a cancelled query may take to stop by itself before its worker is terminated. */
const CANCEL_GRACE_MS = 1000;

/**
 * The query workers (`[query] workers`): read-only SQL and PromQL run there on their own LMDB handle, so the
 * main thread only does HTTP. A cancelled query is asked to stop (it does between batches) and its
 * worker terminated when it has not within a second; what a terminated or out-of-heap worker held in
 * the shared memory pool is given back.
 */
export class QueryWorkerPool extends TaskPool<QueryTask, QueryReply, QueryResult> {
  constructor(script: URL | string, size: number, o: QueryPoolOptions) {
    const pool = new SharedMemoryPool(0, o.poolBuffer, 0);
    super(script, size, {
      what: 'query',
      heapMb: o.heapMb,
      heapKey: '[query] worker_heap',
      heapText: o.heapText,
      heapAdvice: 'add a LIMIT, aggregate, or lower [query] memory_limit so the budget stops it first',
      workerData: (slot): QueryWorkerData => ({ dataHome: o.dataHome, config: o.config, poolBuffer: o.poolBuffer, slot }),
      decode: (reply) => {
        if (reply.ok) return { write: false, body: reply.body, contentType: reply.contentType, elapsedMs: reply.elapsedMs };
        if ('write' in reply) return { write: true };
        if (reply.error.promql !== undefined) throw promqlErrorFromWire(reply.error.code, reply.error.message, reply.error.promql);
        throw new HttpRequestError(reply.error.code, reply.error.httpStatus, reply.error.message);
      },
      cancelGraceMs: CANCEL_GRACE_MS,
      ...(o.overflow !== undefined ? { overflow: o.overflow } : {}),
      onWorkerExit: (slot) => pool.freeSlot(slot),
    });
  }
}
