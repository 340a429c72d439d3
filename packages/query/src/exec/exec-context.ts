import { abortError, QueryBudgetError } from './errors.js';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './limits.js';

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
}

export interface ExecOptions {
  readonly signal?: AbortSignal;
  readonly limits?: Partial<QueryLimits>;
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${+(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createExecContext(opts: ExecOptions = {}): ExecContext {
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...opts.limits };
  const signal = opts.signal;
  let held = 0;
  let transient = 0;
  let sliceStart = performance.now();
  const over = (what: string): never => {
    throw new QueryBudgetError(`query memory over the ${size(limits.memoryBytes)} budget ([query] memory_limit) in ${what}: about ${size(held + transient)} held`);
  };
  return {
    signal,
    limits,
    throwIfAborted() {
      if (signal?.aborted) throw abortError(signal);
    },
    async checkpoint() {
      transient = 0;
      if (performance.now() - sliceStart >= limits.sliceMs) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
      if (signal?.aborted) throw abortError(signal);
    },
    hold(bytes, what) {
      held += bytes;
      if (held + transient > limits.memoryBytes) over(what);
    },
    release(bytes) {
      held = Math.max(0, held - bytes);
    },
    built(chars, fn) {
      if (chars > limits.maxValueSize) {
        throw new QueryBudgetError(`${fn}: result of ${chars.toLocaleString('en-US')} characters or items is over the ${limits.maxValueSize.toLocaleString('en-US')} limit ([query] max_value_size)`);
      }
      transient += chars + 16;
      if (held + transient > limits.memoryBytes) over(`${fn} (values built in one batch)`);
    },
  };
}

/** The context of code that runs without a request (tests, internal statements): default budgets, no signal. */
export function defaultExecContext(): ExecContext {
  return createExecContext();
}
