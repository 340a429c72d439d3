import { MemoryPool, QueryBudgetError, sizeText } from '@sluice/query';

/** Slots of the shared counters: total held, peak, then what each thread holds (0: the main thread, 1..n: query workers). */
const TOTAL = 0;
const PEAK = 1;
const FIRST_SLOT = 2;

/**
 * `[query] memory_pool_size` shared by the main thread and the query workers: the counters live in a
 * SharedArrayBuffer and change atomically, so queries on different threads reserve from one pool.
 * Each thread also counts what it holds in its own slot: when a worker is terminated mid-query (its
 * deadline passed and it did not stop in time, or it ran out of heap) `freeSlot` gives its memory back.
 */
export class SharedMemoryPool extends MemoryPool {
  private readonly counters: BigInt64Array;

  /** `buffer` from `SharedMemoryPool.buffer(threads)`; `slot` is this thread's. */
  constructor(
    limit: number,
    readonly buffer: SharedArrayBuffer,
    private readonly slot: number,
  ) {
    super(limit);
    this.counters = new BigInt64Array(buffer);
    if (FIRST_SLOT + slot >= this.counters.length) throw new RangeError(`memory pool slot ${slot} out of range`);
  }

  /** A buffer for the main thread and `workers` query workers. */
  static buffer(workers: number): SharedArrayBuffer {
    return new SharedArrayBuffer(8 * (FIRST_SLOT + 1 + workers));
  }

  override get used(): number {
    return Number(Atomics.load(this.counters, TOTAL));
  }

  override get peak(): number {
    return Number(Atomics.load(this.counters, PEAK));
  }

  override reserve(bytes: number, what: string): void {
    if (bytes <= 0) return;
    const b = BigInt(Math.ceil(bytes));
    const limit = BigInt(this.limit);
    for (;;) {
      const cur = Atomics.load(this.counters, TOTAL);
      if (this.limit > 0 && cur + b > limit) {
        throw new QueryBudgetError(
          `server query memory over the ${sizeText(this.limit)} shared by all running queries ([query] memory_pool_size) in ${what}: ` +
            `${sizeText(Number(cur))} already held by running queries; retry later or lower the query's memory use`,
        );
      }
      if (Atomics.compareExchange(this.counters, TOTAL, cur, cur + b) === cur) {
        Atomics.add(this.counters, FIRST_SLOT + this.slot, b);
        this.raisePeak(cur + b);
        return;
      }
    }
  }

  override release(bytes: number): void {
    if (bytes <= 0) return;
    const held = Atomics.load(this.counters, FIRST_SLOT + this.slot);
    let b = BigInt(Math.ceil(bytes));
    if (b > held) b = held;
    Atomics.sub(this.counters, FIRST_SLOT + this.slot, b);
    Atomics.sub(this.counters, TOTAL, b);
  }

  /** Gives back everything the thread of `slot` held (it ended without releasing). */
  freeSlot(slot: number): void {
    const held = Atomics.exchange(this.counters, FIRST_SLOT + slot, 0n);
    if (held > 0n) Atomics.sub(this.counters, TOTAL, held);
  }

  private raisePeak(v: bigint): void {
    for (;;) {
      const p = Atomics.load(this.counters, PEAK);
      if (v <= p || Atomics.compareExchange(this.counters, PEAK, p, v) === p) return;
    }
  }
}
