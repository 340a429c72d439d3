/**
 * GreptimeDB's anomaly-score window functions: `anomaly_score_zscore(x)`, `anomaly_score_mad(x)` and
 * `anomaly_score_iqr(x, k)` score the current row's value against the finite values of its window frame
 * (the default frame, or `ROWS BETWEEN ...`). NULL when the current value is NULL or not finite, or the
 * frame has too few values; a zero spread gives 0 for a value at the centre and infinity otherwise.
 * Run by operators/window.ts (kind `anomaly`).
 */
export interface AnomalyScorer {
  readonly name: string;
  readonly signature: string;
  readonly args: number;
  /** The score, or null. `k` is the second argument (iqr). */
  score(current: number, frame: number[], k: number | undefined): number | null;
}

const ratio = (distance: number, scale: number): number => (scale === 0 ? (distance === 0 ? 0 : Infinity) : distance / scale);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function percentileSorted(s: readonly number[], p: number): number {
  if (s.length === 1) return s[0]!;
  const idx = p * (s.length - 1);
  const lo = Math.floor(idx);
  const hi = Math.ceil(idx);
  if (lo === hi) return s[lo]!;
  const frac = idx - lo;
  return s[lo]! * (1 - frac) + s[hi]! * frac;
}

const MAD_CONSISTENCY = 1.4826;

export const ANOMALY_SCORERS: ReadonlyMap<string, AnomalyScorer> = new Map(
  [
    {
      name: 'anomaly_score_zscore', signature: 'anomaly_score_zscore(x) OVER (...)', args: 1,
      score: (x: number, f: number[]) => {
        if (f.length < 2) return null;
        const mean = f.reduce((a, b) => a + b, 0) / f.length;
        const variance = f.reduce((a, v) => a + (v - mean) ** 2, 0) / f.length;
        return ratio(Math.abs(x - mean), Math.sqrt(variance));
      },
    },
    {
      name: 'anomaly_score_mad', signature: 'anomaly_score_mad(x) OVER (...)', args: 1,
      score: (x: number, f: number[]) => {
        if (f.length < 3) return null;
        const m = median(f);
        const mad = median(f.map((v) => Math.abs(v - m)));
        return ratio(Math.abs(x - m), mad * MAD_CONSISTENCY);
      },
    },
    {
      name: 'anomaly_score_iqr', signature: 'anomaly_score_iqr(x, k) OVER (...)', args: 2,
      score: (x: number, f: number[], k: number | undefined) => {
        if (k === undefined || !Number.isFinite(k) || k < 0 || f.length < 3) return null;
        const s = [...f].sort((a, b) => a - b);
        const q1 = percentileSorted(s, 0.25);
        const q3 = percentileSorted(s, 0.75);
        const iqr = q3 - q1;
        const lower = q1 - k * iqr;
        const upper = q3 + k * iqr;
        return x < lower ? (lower - x) / iqr : x > upper ? (x - upper) / iqr : 0;
      },
    },
  ].map((s) => [s.name, s as AnomalyScorer]),
);
