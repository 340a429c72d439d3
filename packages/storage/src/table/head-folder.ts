import type { StoreContext } from '../context.js';
import { txFoldHead, type FoldOutcome } from './series-head-fold.js';

/** A physical table's head is folded once it holds this many rows or chunks (series-head.ts). */
export const FOLD_ROWS = 131_072;
export const FOLD_CHUNKS = 16_384;

/**
 * Folds heads that have grown, in the background, one transaction at a time: writes report what they
 * added (`grew`), and a head past FOLD_ROWS or FOLD_CHUNKS is folded after the write that crossed it.
 * A fold needs no flush of its own (a crash before the next flush leaves the head records in place);
 * a failed fold leaves the head as it was and is retried by the next write.
 */
export class HeadFolder {
  private readonly sizes = new Map<number, { chunks: number; rows: number }>();
  private running: Promise<void> = Promise.resolve();
  private queued = new Set<number>();

  constructor(
    private readonly tx: (fn: () => FoldOutcome) => Promise<FoldOutcome>,
    private readonly ctx: StoreContext,
  ) {}

  grew(storageId: number, chunks: number, rows: number): void {
    let s = this.sizes.get(storageId);
    if (s === undefined) this.sizes.set(storageId, (s = { chunks: 0, rows: 0 }));
    s.chunks += chunks;
    s.rows += rows;
    if ((s.rows >= FOLD_ROWS || s.chunks >= FOLD_CHUNKS) && !this.queued.has(storageId)) {
      this.queued.add(storageId);
      this.running = this.running.then(() => this.fold(storageId, true)).then(() => undefined, () => undefined);
    }
  }

  /**
   * Folds the whole head of a physical table now (in one transaction); returns the chunks merged away.
   * `merge`: each series' chunks merged (the growth fold, compaction); else moved as they are (series-head-fold.ts).
   */
  async fold(storageId: number, merge = false): Promise<number> {
    this.queued.delete(storageId);
    // Counted before the transaction: writes committing meanwhile add to the next fold's count.
    const s = this.sizes.get(storageId);
    const before = s === undefined ? { chunks: 0, rows: 0 } : { ...s };
    const out = await this.tx(() => txFoldHead(this.ctx, storageId, merge));
    if (s !== undefined) {
      s.chunks = Math.max(0, s.chunks - before.chunks);
      s.rows = Math.max(0, s.rows - before.rows);
    }
    return out.merged;
  }

  /** Resolves once no fold is running (close()). */
  async idle(): Promise<void> {
    await this.running;
  }
}
