import type { Value } from '@sluice/pipeline-core';
import type { ColumnBatch, ColumnDef, ColumnVector, TypedColumn } from '../store.js';
import type { SourceRow } from './row-source.js';
import type { Run } from './series-run.js';

export type Output = { kind: 'time' } | { kind: 'tag'; slot: number } | { kind: 'field'; slot: number; dflt: Value };

const MAX_EXACT = 2 ** 53;
/** Series ids below this index an array (at most 4 MB); larger ones a Map. */
const DENSE_IDS = 1 << 20;

/** A column whose `values` are built from its typed form on first read (see store.ts TypedColumn). */
export function typedVector(name: string, type: ColumnDef['type'], typed: TypedColumn, length: number): ColumnVector {
  let values: Value[] | undefined;
  return {
    name,
    type,
    typed,
    get values(): Value[] {
      return (values ??= materialize(typed, length));
    },
  };
}

export function materialize(t: TypedColumn, n: number): Value[] {
  const out: Value[] = new Array(n);
  if (t.kind === 'f64') {
    const { f64, valid } = t;
    for (let i = 0; i < n; i++) out[i] = valid === undefined || (valid[i >> 3]! & (1 << (i & 7))) !== 0 ? f64[i]! : null;
  } else if (t.kind === 'time') {
    for (let i = 0; i < n; i++) out[i] = t.base + BigInt(t.offsets[i]!);
  } else {
    for (let i = 0; i < n; i++) out[i] = t.codes[i]! < 0 ? null : (t.dict[t.codes[i]!] ?? null);
  }
  return out;
}

/**
 * Collects rows of a table without append_mode into typed batches: the time index as offsets from the
 * runs' numeric times (no BigInt per row), float fields as Float64Array with a validity bitmap,
 * tag columns as one shared array of series ordinals (stable over the scan) with a per-column
 * dictionary of each series' value; other fields stay boxed.
 */
export async function* typedBatchesFromRows(
  source: Iterable<SourceRow>,
  cols: readonly ColumnDef[],
  outputs: readonly Output[],
  batchSize: number,
  limit: number,
): AsyncGenerator<ColumnBatch> {
  if (limit === 0) return;
  const floatOut = outputs.map((o, j) => o.kind === 'field' && (cols[j]!.type === 'float64' || cols[j]!.type === 'float32'));
  const tagDicts: Value[][] = outputs.map(() => []);
  // Series id -> ordinal + 1 (0: not seen yet); ids are small dense counters, so an array beats a Map.
  let ordinals = new Int32Array(1024);
  const farOrdinals = new Map<number, number>();
  let seen = 0;
  let total = 0;
  const cap = Math.min(batchSize, limit);
  // One iterator for every batch (a for-of that breaks would close it).
  const it = source[Symbol.iterator]();
  try {
    for (;;) {
      const codes = new Int32Array(cap);
      const offsets = new Float64Array(cap);
      let boxedTime: bigint[] | undefined;
      const f64s = outputs.map((_, j) => (floatOut[j] ? new Float64Array(cap) : undefined));
      const valids = outputs.map((_, j) => (floatOut[j] ? new Uint8Array((cap + 7) >> 3) : undefined));
      const boxed = outputs.map((o, j) => (o.kind === 'field' && !floatOut[j] ? ([] as Value[]) : undefined));
      let base = 0n;
      let lastRun: Run | undefined;
      let runDelta = 0;
      let lastSid = -1;
      let lastOrd = -1;
      let n = 0;
      for (;;) {
        const next = it.next();
        if (next.done) break;
        const row = next.value;
        const run = row.run;
        if (run !== lastRun) {
          if (n === 0) base = run.base;
          runDelta = Number(run.base - base);
          lastRun = run;
        }
        const off = runDelta + run.offs[row.i]!;
        if (boxedTime === undefined && !(off < MAX_EXACT && off > -MAX_EXACT)) boxedTime = Array.from(offsets.subarray(0, n), (d) => base + BigInt(d));
        if (boxedTime !== undefined) boxedTime.push(row.ts);
        else offsets[n] = off;
        const sid = row.sid;
        if (sid !== lastSid) {
          if (sid >= ordinals.length && sid < DENSE_IDS) {
            const grown = new Int32Array(Math.min(DENSE_IDS, Math.max(sid + 1, ordinals.length * 2)));
            grown.set(ordinals);
            ordinals = grown;
          }
          let ord = (sid < DENSE_IDS ? ordinals[sid]! : (farOrdinals.get(sid) ?? 0)) - 1;
          if (ord < 0) {
            ord = seen++;
            if (sid < DENSE_IDS) ordinals[sid] = ord + 1;
            else farOrdinals.set(sid, ord + 1);
            for (let j = 0; j < outputs.length; j++) {
              const o = outputs[j]!;
              if (o.kind === 'tag') tagDicts[j]!.push(row.tags[o.slot] ?? null);
            }
          }
          lastSid = sid;
          lastOrd = ord;
        }
        codes[n] = lastOrd;
        for (let j = 0; j < outputs.length; j++) {
          const o = outputs[j]!;
          if (o.kind !== 'field') continue;
          const f = f64s[j];
          if (f !== undefined) {
            const c = run.col(o.slot);
            if (c.kind === 'f64') {
              const i = row.i;
              if (c.valid === undefined || (c.valid[i >> 3]! & (1 << (i & 7))) !== 0) {
                f[n] = c.f64[i]!;
                valids[j]![n >> 3]! |= 1 << (n & 7);
                continue;
              }
              if (c.absent === undefined || (c.absent[i >> 3]! & (1 << (i & 7))) === 0 || o.dflt === null) continue;
            }
          }
          const raw = row.fields[o.slot];
          const v = raw === undefined ? o.dflt : raw;
          if (f !== undefined) {
            if (v !== null) {
              f[n] = v as number;
              valids[j]![n >> 3]! |= 1 << (n & 7);
            }
          } else boxed[j]!.push(v);
        }
        n++;
        total++;
        if (n === cap || total >= limit) break;
      }
      if (n === 0) return;
      const columns = cols.map((c, j): ColumnVector => {
        const o = outputs[j]!;
        if (o.kind === 'time') return boxedTime ? { name: c.name, type: c.type, values: boxedTime } : typedVector(c.name, c.type, { kind: 'time', base, offsets: offsets.subarray(0, n) }, n);
        if (o.kind === 'tag') return typedVector(c.name, c.type, { kind: 'dict', codes: codes.subarray(0, n), dict: tagDicts[j]! }, n);
        const f = f64s[j];
        if (f !== undefined) return typedVector(c.name, c.type, { kind: 'f64', f64: f.subarray(0, n), valid: valids[j]! }, n);
        return { name: c.name, type: c.type, values: boxed[j]! };
      });
      yield { length: n, columns };
      if (n < cap || total >= limit) return;
    }
  } finally {
    it.return?.();
  }
}
