import type { Value } from '@sluice/pipeline-core';
import { colValue } from '../codec/series-chunk-codec.js';
import type { ColumnBatch, ColumnDef, ColumnVector } from '../store.js';
import type { SeriesRunSlice } from './row-source.js';
import { typedVector, type Output } from './typed-rows.js';

const MAX_EXACT = 2 ** 52;

/**
 * Typed batches straight from resolved series runs (a `bySeries` scan without row-level predicates):
 * times and float columns are copied a run at a time (`Float64Array.set`), tag columns are one series
 * code per run, so nothing is done per row beyond a copy. Same batches as typedBatchesFromRows gives.
 */
export async function* typedBatchesFromRuns(
  source: Iterable<SeriesRunSlice>,
  cols: readonly ColumnDef[],
  outputs: readonly Output[],
  batchSize: number,
): AsyncGenerator<ColumnBatch> {
  const floatOut = outputs.map((o, j) => o.kind === 'field' && (cols[j]!.type === 'float64' || cols[j]!.type === 'float32'));
  const tagDicts: Value[][] = outputs.map(() => []);
  const ordinals = new Map<number, number>();
  const cap = batchSize;
  let codes!: Int32Array;
  let offsets!: Float64Array;
  let f64s!: (Float64Array | undefined)[];
  let valids!: (Uint8Array | undefined)[];
  let boxed!: (Value[] | undefined)[];
  let base = 0n;
  let n = 0;
  const fresh = () => {
    codes = new Int32Array(cap);
    offsets = new Float64Array(cap);
    f64s = outputs.map((_, j) => (floatOut[j] ? new Float64Array(cap) : undefined));
    valids = outputs.map((_, j) => (floatOut[j] ? new Uint8Array((cap + 7) >> 3) : undefined));
    boxed = outputs.map((o, j) => (o.kind === 'field' && !floatOut[j] ? ([] as Value[]) : undefined));
    n = 0;
  };
  const batch = (): ColumnBatch => {
    const len = n;
    const columns = cols.map((c, j): ColumnVector => {
      const o = outputs[j]!;
      if (o.kind === 'time') return typedVector(c.name, c.type, { kind: 'time', base, offsets: offsets.subarray(0, len) }, len);
      if (o.kind === 'tag') return typedVector(c.name, c.type, { kind: 'dict', codes: codes.subarray(0, len), dict: tagDicts[j]! }, len);
      const f = f64s[j];
      if (f !== undefined) return typedVector(c.name, c.type, { kind: 'f64', f64: f.subarray(0, len), valid: valids[j]! }, len);
      return { name: c.name, type: c.type, values: boxed[j]! };
    });
    return { length: len, columns };
  };
  fresh();
  for (const { sid, tags, run } of source) {
    let ord = ordinals.get(sid);
    if (ord === undefined) {
      ord = ordinals.size;
      ordinals.set(sid, ord);
      for (let j = 0; j < outputs.length; j++) {
        const o = outputs[j]!;
        if (o.kind === 'tag') tagDicts[j]!.push(tags[o.slot] ?? null);
      }
    }
    let i = 0;
    while (i < run.n) {
      if (n > 0) {
        const d = run.base - base;
        // Offsets must stay exact: start a new batch at this run when they would not.
        if (d > BigInt(MAX_EXACT) || d < -BigInt(MAX_EXACT)) {
          yield batch();
          fresh();
        }
      }
      if (n === 0) base = run.base;
      const delta = Number(run.base - base);
      const take = Math.min(run.n - i, cap - n);
      const offs = run.offs;
      for (let k = 0; k < take; k++) offsets[n + k] = delta + offs[i + k]!;
      codes.fill(ord, n, n + take);
      for (let j = 0; j < outputs.length; j++) {
        const o = outputs[j]!;
        if (o.kind !== 'field') continue;
        const col = run.col(o.slot);
        const f = f64s[j];
        if (f !== undefined) {
          const valid = valids[j]!;
          if (col.kind === 'f64' && col.absent === undefined) {
            f.set(col.f64.subarray(i, i + take), n);
            const cv = col.valid;
            for (let k = 0; k < take; k++) {
              const src = i + k;
              if (cv === undefined || (cv[src >> 3]! & (1 << (src & 7))) !== 0) valid[(n + k) >> 3]! |= 1 << ((n + k) & 7);
            }
          } else {
            for (let k = 0; k < take; k++) {
              const raw = colValue(col, i + k);
              const v = raw === undefined ? o.dflt : raw;
              if (v !== null) {
                f[n + k] = v as number;
                valid[(n + k) >> 3]! |= 1 << ((n + k) & 7);
              }
            }
          }
        } else {
          const out = boxed[j]!;
          for (let k = 0; k < take; k++) {
            const raw = colValue(col, i + k);
            out.push(raw === undefined ? o.dflt : raw);
          }
        }
      }
      n += take;
      i += take;
      if (n === cap) {
        yield batch();
        fresh();
      }
    }
  }
  if (n > 0) yield batch();
}
