import type { Labels } from '../labels.js';
import type { RawSeries } from '../eval/values.js';

/**
 * The samples of one series being read, in growable typed arrays. Samples stay in Float64Arrays from
 * the store's batch to the engine: a JS array of doubles would canonicalize NaN payloads and lose
 * Prometheus's staleness markers.
 */
export class SeriesAccum {
  ts = EMPTY;
  vs = EMPTY;
  n = 0;
  constructor(
    readonly labels: Labels,
    /** Whether the series passes every label matcher (the store's predicates only prune). */
    readonly ok: boolean,
    /** False: only the labels and the sample count matter (metadata requests); samples are counted, not kept. */
    private readonly keep = true,
  ) {}

  /** Makes room for `extra` more samples. */
  reserve(extra: number): void {
    const need = this.n + extra;
    if (need <= this.ts.length) return;
    const cap = Math.max(16, need, this.ts.length * 2);
    const ts = new Float64Array(cap);
    const vs = new Float64Array(cap);
    ts.set(this.ts.subarray(0, this.n));
    vs.set(this.vs.subarray(0, this.n));
    this.ts = ts;
    this.vs = vs;
  }

  push(t: number, v: number): void {
    if (!this.keep) {
      this.n++;
      return;
    }
    if (this.n === this.ts.length) this.reserve(1);
    this.ts[this.n] = t;
    this.vs[this.n++] = v;
  }

  /** The samples sorted by time (a store gives each series' rows in time order; others are sorted here). */
  toRaw(): RawSeries {
    if (!this.keep) return { labels: this.labels, ts: EMPTY, vs: EMPTY };
    const n = this.n;
    const ts = this.ts.subarray(0, n);
    const vs = this.vs.subarray(0, n);
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) if (ts[i]! < ts[i - 1]!) sorted = false;
    if (sorted) return { labels: this.labels, ts, vs };
    const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => ts[a]! - ts[b]!);
    const ts2 = new Float64Array(n);
    const vs2 = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      ts2[i] = ts[idx[i]!]!;
      vs2[i] = vs[idx[i]!]!;
    }
    return { labels: this.labels, ts: ts2, vs: vs2 };
  }
}

const EMPTY = new Float64Array(0);
