import { QueryBudgetError } from './errors.js';

/** Bytes as a short human figure (`1.5 GiB`). */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${+(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * The memory all running queries share (`[query] memory_pool_size`, GreptimeDB's
 * `query.memory_pool_size`): every query's ExecContext reserves here what it holds (sort buffers,
 * hash tables, groups, results, PromQL samples) on top of its own `memory_limit`, and gives it back
 * when it releases it or ends. A reservation past the pool fails that query alone with
 * RuntimeResourcesExhausted; the queries already holding memory go on. `limit` 0 means unbounded.
 */
export class MemoryPool {
  private usedBytes = 0;
  private peakBytes = 0;
  constructor(readonly limit: number) {}

  get used(): number {
    return this.usedBytes;
  }

  /** The most ever reserved at once (for tests and metrics). */
  get peak(): number {
    return this.peakBytes;
  }

  /** Reserves `bytes`; throws (reserving nothing) when the pool would go past its limit. */
  reserve(bytes: number, what: string): void {
    if (bytes <= 0) return;
    if (this.limit > 0 && this.usedBytes + bytes > this.limit) {
      throw new QueryBudgetError(
        `server query memory over the ${sizeText(this.limit)} shared by all running queries ([query] memory_pool_size) in ${what}: ` +
          `${sizeText(this.usedBytes)} already held by running queries; retry later or lower the query's memory use`,
      );
    }
    this.usedBytes += bytes;
    if (this.usedBytes > this.peakBytes) this.peakBytes = this.usedBytes;
  }

  release(bytes: number): void {
    if (bytes <= 0) return;
    this.usedBytes = Math.max(0, this.usedBytes - bytes);
  }
}
