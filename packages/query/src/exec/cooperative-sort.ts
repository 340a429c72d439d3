import type { ExecContext } from './exec-context.js';

/** Rows sorted synchronously at once before the runs are merged (a few ms of work each). */
const RUN = 8192;
/** Merge steps between checkpoints. */
const MERGE_STEPS = 65_536;

/**
 * The order of `n` rows under `cmp` (ties kept in row order), computed so that no single step runs
 * long: runs of RUN rows are sorted one at a time, then merged pairwise, with `exec.checkpoint()`
 * between runs and every MERGE_STEPS merge steps. So a sort of millions of buffered rows yields to
 * other requests every slice and stops at the request's deadline. The two index arrays (8 bytes a
 * row) count toward the query's memory budget while they live.
 */
export async function cooperativeOrder(n: number, cmp: (a: number, b: number) => number, exec?: ExecContext): Promise<Uint32Array> {
  const full = (a: number, b: number) => cmp(a, b) || a - b;
  const bytes = 8 * n;
  exec?.hold(bytes, 'sort (row order)');
  try {
    let src = new Uint32Array(n);
    for (let i = 0; i < n; i++) src[i] = i;
    // Input a store has sorted already (e.g. groups ordered in ClickHouse) costs one pass, not a sort.
    if (await inOrder(n, cmp, exec)) return src;
    for (let s = 0; s < n; s += RUN) {
      src.subarray(s, Math.min(s + RUN, n)).sort(full);
      if (exec !== undefined) await exec.checkpoint();
    }
    let dst = new Uint32Array(n);
    let steps = 0;
    for (let width = RUN; width < n; width *= 2) {
      for (let lo = 0; lo < n; lo += 2 * width) {
        const mid = Math.min(lo + width, n);
        const hi = Math.min(lo + 2 * width, n);
        let i = lo;
        let j = mid;
        let k = lo;
        while (i < mid && j < hi) {
          dst[k++] = full(src[i]!, src[j]!) <= 0 ? src[i++]! : src[j++]!;
          if (++steps >= MERGE_STEPS) {
            steps = 0;
            if (exec !== undefined) await exec.checkpoint();
          }
        }
        while (i < mid) dst[k++] = src[i++]!;
        while (j < hi) dst[k++] = src[j++]!;
      }
      [src, dst] = [dst, src];
    }
    return src;
  } finally {
    exec?.release(bytes);
  }
}

/** Whether rows 0..n-1 are in order under `cmp` already; stops at the first pair out of order. */
async function inOrder(n: number, cmp: (a: number, b: number) => number, exec?: ExecContext): Promise<boolean> {
  for (let i = 1; i < n; i++) {
    if (cmp(i - 1, i) > 0) return false;
    if (exec !== undefined && i % MERGE_STEPS === 0) await exec.checkpoint();
  }
  return true;
}
