import { abortError, QueryBudgetError } from './errors.js';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './limits.js';
import { sizeText as size, type MemoryPool } from './memory-pool.js';

/**
 * The execution context of one query: its cancellation signal, its budgets and its share of the
 * event loop. Operators call `checkpoint()` between batches (it yields when the time slice is used
 * up and throws once the signal fires), `hold`/`release` around the rows they buffer, and
 * functions that build values call `built` (the bytes count toward the current batch).
 *
 * Engines (SQL, PromQL) create one per request with `createExecContext({ signal, limits })`.
 */
export interface ExecContext {
  readonly signal: AbortSignal | undefined;
  readonly limits: QueryLimits;
  /** Throws Cancelled / DeadlineExceeded (or the signal's own SluiceError reason) once aborted. */
  throwIfAborted(): void;
  /** Between batches: yields to the event loop when the slice is used up, then throwIfAborted(). */
  checkpoint(): Promise<void>;
  /** Counts bytes an operator keeps (sort buffer, hash table, groups); throws past the memory budget. */
  hold(bytes: number, what: string): void;
  release(bytes: number): void;
  /** A function built a string of `chars` or an array of `chars` items: checks max_value_size, counts toward the batch. */
  built(chars: number, fn: string): void;
  /** Bytes held now (buffered rows plus values built in the current batch). */
  readonly heldBytes: number;
  /** The query ended (answered or failed): gives back to the shared pool all it still holds. Idempotent. */
  close(): void;
}

export interface ExecOptions {
  readonly signal?: AbortSignal;
  readonly limits?: Partial<QueryLimits>;
  /** The memory shared by all running queries (`[query] memory_pool_size`); absent: no shared cap. */
  readonly pool?: MemoryPool;
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createExecContext(opts: ExecOptions = {}): ExecContext {
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...opts.limits };
  const signal = opts.signal;
  const pool = opts.pool;
  let held = 0;
  let transient = 0;
  let closed = false;
  let sliceStart = performance.now();
  const over = (what: string, wanted: number): never => {
    throw new QueryBudgetError(`query memory over the ${size(limits.memoryBytes)} budget ([query] memory_limit) in ${what}: about ${size(wanted)} held`);
  };
  /** Adds to held or transient bytes: the query's own budget first, then the shared pool. */
  const take = (bytes: number, what: string, isTransient: boolean): void => {
    if (held + transient + bytes > limits.memoryBytes) over(what, held + transient + bytes);
    if (pool !== undefined && !closed) pool.reserve(bytes, what);
    if (isTransient) transient += bytes;
    else held += bytes;
  };
  return {
    signal,
    limits,
    get heldBytes() {
      return held + transient;
    },
    throwIfAborted() {
      if (signal?.aborted) throw abortError(signal);
    },
    async checkpoint() {
      if (transient > 0) {
        if (!closed) pool?.release(transient);
        transient = 0;
      }
      if (performance.now() - sliceStart >= limits.sliceMs) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
      if (signal?.aborted) throw abortError(signal);
    },
    hold(bytes, what) {
      take(bytes, what, false);
    },
    release(bytes) {
      const n = Math.min(held, Math.max(0, bytes));
      held -= n;
      if (!closed) pool?.release(n);
    },
    built(chars, fn) {
      if (chars > limits.maxValueSize) {
        throw new QueryBudgetError(`${fn}: result of ${chars.toLocaleString('en-US')} characters or items is over the ${limits.maxValueSize.toLocaleString('en-US')} limit ([query] max_value_size)`);
      }
      take(chars + 16, `${fn} (values built in one batch)`, true);
    },
    close() {
      if (closed) return;
      closed = true;
      pool?.release(held + transient);
    },
  };
}

/** The context of code that runs without a request (tests, internal statements): default budgets, no signal. */
export function defaultExecContext(): ExecContext {
  return createExecContext();
}
