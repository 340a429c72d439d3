import type { Value } from '@sluice/pipeline-core';
import type { ColumnBatch, ColumnVector } from '@sluice/storage';
import type { MetricTable } from './metric-table.js';
import type { SeriesAccum } from './series-accum.js';

/**
 * Reads one scan batch of a metric table into per-series accumulators. Typed batches (tag columns
 * sharing one codes array: the code is the row's series) are read a run of same-series rows at a time:
 * times converted in one loop, values copied with one `Float64Array.set` (bit for bit, NaN payloads
 * included). A store whose batches hold one series' chunk gives one run per batch; one that
 * interleaves series gives runs of one row. Plain batches (`values` only, a remote store) find each
 * row's series through a trie of tag values (one Map per tag column), so no key string is built per row.
 */
export class BatchReader {
  private readonly byCode: (SeriesAccum | undefined)[] = [];
  private readonly trie = new Map<Value, unknown>();
  /** Series were also found by tag values or per-column code tuples: a label set may then have two accumulators. */
  usedTrie = false;

  constructor(
    private readonly mt: MetricTable,
    private readonly wantSamples: boolean,
    /** A new series' accumulator from its tag values (tagValue(j) for tag column j). */
    private readonly newSeries: (tagValue: (j: number) => Value | undefined) => SeriesAccum,
  ) {}

  /** Some series were found by code (shared series codes or code tuples), so a label set may have two accumulators. */
  get codesUsed(): boolean {
    return this.byCode.length > 0 || this.tupleSeries.length > 0;
  }

  read(batch: ColumnBatch): void {
    const len = batch.length;
    const tvec = batch.columns[0]!;
    const vvec = this.wantSamples ? batch.columns[1]! : undefined;
    const tagVecs = batch.columns.slice(this.wantSamples ? 2 : 1);
    const codes = sharedCodes(tagVecs, len);
    const tt = tvec.typed?.kind === 'time' ? tvec.typed : undefined;
    const conv = tt ? timeConversion(tt.base, this.mt) : undefined;
    const vt = vvec?.typed?.kind === 'f64' ? vvec.typed : undefined;
    if (codes && conv) {
      this.readRuns(codes, tt!.offsets, conv, vt?.f64, vt?.valid, vt ? undefined : vvec, tagVecs, len);
      return;
    }
    const perColumn = !codes && conv && tagVecs.every((v) => v.typed?.kind === 'dict') ? tagVecs.map((v) => (v.typed as { codes: Int32Array }).codes) : undefined;
    if (perColumn) {
      this.readRuns(this.seriesCodes(perColumn, tagVecs, len), tt!.offsets, conv!, vt?.f64, vt?.valid, vt ? undefined : vvec, tagVecs, len, true);
      return;
    }
    this.readRows(batch, tvec, vvec, tagVecs, codes, len);
  }

  private series(code: number, tagVecs: readonly ColumnVector[]): SeriesAccum {
    let cur = this.byCode[code];
    if (!cur) cur = this.byCode[code] = this.newSeries((j) => (tagVecs[j]!.typed as { dict: readonly Value[] }).dict[code]);
    return cur;
  }

  /** Series ordinals of the rows of a batch whose tag columns each have their own dictionary codes. */
  private readonly tupleTrie = new Map<number, unknown>();
  private readonly tupleSeries: SeriesAccum[] = [];
  private seriesCodes(cols: readonly Int32Array[], tagVecs: readonly ColumnVector[], len: number): Int32Array {
    const out = new Int32Array(len);
    let prev = -1;
    for (let i = 0; i < len; i++) {
      // Rows of one series come in runs: the tuple of codes only needs looking up where it changes.
      if (i > 0 && cols.every((c) => c[i] === c[i - 1])) {
        out[i] = prev;
        continue;
      }
      let node: Map<number, unknown> = this.tupleTrie;
      for (let j = 0; j < cols.length - 1; j++) {
        const c = cols[j]![i]!;
        let next = node.get(c) as Map<number, unknown> | undefined;
        if (!next) node.set(c, (next = new Map()));
        node = next;
      }
      const last = cols[cols.length - 1]![i]!;
      let id = node.get(last) as number | undefined;
      if (id === undefined) {
        id = this.tupleSeries.length;
        const at = i;
        // Two code tuples could name one label set only if a dictionary repeated a value: merged at the end.
        this.usedTrie = true;
        this.tupleSeries.push(this.newSeries((j) => (tagVecs[j]!.typed as { dict: readonly Value[] }).dict[cols[j]![at]!]));
        node.set(last, id);
      }
      out[i] = prev = id;
    }
    return out;
  }

  private readRuns(
    codes: Int32Array,
    offsets: Float64Array,
    conv: TimeConversion,
    f64: Float64Array | undefined,
    valid: Uint8Array | undefined,
    boxed: ColumnVector | undefined,
    tagVecs: readonly ColumnVector[],
    len: number,
    /** `codes` are ordinals of tupleSeries (per-column dictionaries), not the store's shared series codes. */
    tuples = false,
  ): void {
    for (let i = 0; i < len; ) {
      const code = codes[i]!;
      let j = i + 1;
      while (j < len && codes[j] === code) j++;
      const cur = tuples ? this.tupleSeries[code]! : this.series(code, tagVecs);
      if (cur.ok) {
        if (f64 !== undefined && valid === undefined && j - i === 1) cur.push(convertTime(offsets[i]!, conv), f64[i]!);
        else if (f64 !== undefined && valid === undefined) {
          cur.reserve(j - i);
          convertTimes(cur.ts, cur.n, offsets, i, j, conv);
          cur.vs.set(f64.subarray(i, j), cur.n);
          cur.n += j - i;
        } else {
          const vcol = boxed?.values;
          for (let k = i; k < j; k++) {
            let v: number;
            if (f64 !== undefined) {
              if ((valid![k >> 3]! & (1 << (k & 7))) === 0) continue;
              v = f64[k]!;
            } else if (vcol !== undefined) {
              const x = vcol[k]!;
              if (x === null) continue;
              v = toNumber(x);
            } else v = 0;
            cur.push(convertTime(offsets[k]!, conv), v);
          }
        }
      }
      i = j;
    }
  }

  /** Row by row: untyped batches, or typed ones without shared codes or exact time offsets. */
  private readRows(batch: ColumnBatch, tvec: ColumnVector, vvec: ColumnVector | undefined, tagVecs: readonly ColumnVector[], codes: Int32Array | undefined, len: number): void {
    const mt = this.mt;
    const nTags = mt.tags.length;
    const unitIsMs = mt.msDivisor === 1n && mt.msMultiplier === 1;
    const tcol = tvec.values;
    const vt = vvec?.typed?.kind === 'f64' ? vvec.typed : undefined;
    const vcol = vvec && !vt ? vvec.values : undefined;
    const tagCols = codes ? undefined : tagVecs.map((c) => c.values);
    if (!codes) this.usedTrie = true;
    for (let i = 0; i < batch.length && i < len; i++) {
      let cur: SeriesAccum | undefined;
      if (codes) cur = this.series(codes[i]!, tagVecs);
      else {
        let node: Map<Value, unknown> = this.trie;
        for (let j = 0; j < nTags - 1; j++) {
          const v = tagCols![j]![i]!;
          let next = node.get(v) as Map<Value, unknown> | undefined;
          if (!next) node.set(v, (next = new Map()));
          node = next;
        }
        const last = nTags > 0 ? tagCols![nTags - 1]![i]! : null;
        cur = node.get(last) as SeriesAccum | undefined;
        if (!cur) {
          cur = this.newSeries((j) => tagCols![j]![i]);
          node.set(last, cur);
        }
      }
      if (!cur.ok) continue;
      const tv = tcol[i];
      const ms = typeof tv !== 'bigint' ? Number(tv) : unitIsMs ? Number(tv) : Number(tv / mt.msDivisor) * mt.msMultiplier;
      if (vt) {
        if (vt.valid !== undefined && (vt.valid[i >> 3]! & (1 << (i & 7))) === 0) continue;
        cur.push(ms, vt.f64[i]!);
      } else if (vcol) {
        const v = vcol[i]!;
        if (v === null) continue;
        cur.push(ms, toNumber(v));
      } else cur.push(ms, 0);
    }
  }
}

const toNumber = (v: Value): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : NaN);

const ZERO_CODES = new Int32Array(4096);

/** The one codes array all tag columns share (typed batches: the row's series), else undefined. */
function sharedCodes(tagVecs: readonly ColumnVector[], length: number): Int32Array | undefined {
  if (tagVecs.length === 0) return length <= ZERO_CODES.length ? ZERO_CODES : new Int32Array(length);
  const first = tagVecs[0]!.typed;
  if (first?.kind !== 'dict') return undefined;
  for (const v of tagVecs) if (v.typed?.kind !== 'dict' || v.typed.codes !== first.codes) return undefined;
  return first.codes;
}

/**
 * Time offsets of a typed batch to milliseconds without a BigInt per row: `base + off` (ms), times a
 * multiplier (s), or divided with the same truncation as `Number(ts / divisor)` (us, ns) for times after 1970.
 */
type TimeConversion =
  | { readonly kind: 'ms'; readonly base: number; readonly mult: number }
  | { readonly kind: 'div'; readonly whole: number; readonly rem: number; readonly div: number };

function timeConversion(base: bigint, mt: MetricTable): TimeConversion | undefined {
  if (base < 0n) return undefined;
  if (mt.msDivisor === 1n) {
    const b = Number(base);
    return Number.isSafeInteger(b) ? { kind: 'ms', base: b, mult: mt.msMultiplier } : undefined;
  }
  return { kind: 'div', whole: Number(base / mt.msDivisor), rem: Number(base % mt.msDivisor), div: Number(mt.msDivisor) };
}

function convertTime(off: number, c: TimeConversion): number {
  return c.kind === 'ms' ? (c.base + off) * c.mult : c.whole + Math.floor((c.rem + off) / c.div);
}

function convertTimes(dst: Float64Array, at: number, offsets: Float64Array, i: number, j: number, c: TimeConversion): void {
  if (c.kind === 'ms' && c.mult === 1) {
    const b = c.base;
    for (let k = i; k < j; k++) dst[at++] = b + offsets[k]!;
  } else for (let k = i; k < j; k++) dst[at++] = convertTime(offsets[k]!, c);
}
