import type { Value } from '@sluice/pipeline-core';
import { keyTime } from '../keys/row-key.js';
import type { ColumnBatch, ColumnDef, ColumnVector, TypedColumn } from '../store.js';
import type { SourceRow } from './row-source.js';

export type Output = { kind: 'time' } | { kind: 'tag'; slot: number } | { kind: 'field'; slot: number; dflt: Value };

const TWO_32 = 4294967296;
const MAX_EXACT = 2 ** 53;

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
 * Collects rows of a table without append_mode into typed batches: the time index as offsets read
 * straight from the row keys (no BigInt per row), float fields as Float64Array with a validity bitmap,
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
  const ordinals = new Map<number, number>();
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
      let bhi = 0;
      let blo = 0;
      let lastSid = -1;
      let lastOrd = -1;
      let n = 0;
      for (;;) {
        const next = it.next();
        if (next.done) break;
        const row = next.value;
        const key = row.key;
        // Row keys hold the time sign-flipped and big-endian in bytes 4..11 (keys/row-key.ts): offsets
        // between two keys are the offsets between their times.
        const hi = key.readUInt32BE(4);
        const lo = key.readUInt32BE(8);
        if (n === 0) {
          base = keyTime(key);
          bhi = hi;
          blo = lo;
        }
        const off = (hi - bhi) * TWO_32 + (lo - blo);
        if (boxedTime === undefined && off >= MAX_EXACT) boxedTime = Array.from(offsets.subarray(0, n), (d) => base + BigInt(d));
        if (boxedTime !== undefined) boxedTime.push(keyTime(key));
        else offsets[n] = off;
        const sid = row.sid;
        if (sid !== lastSid) {
          let ord = ordinals.get(sid);
          if (ord === undefined) {
            ord = ordinals.size;
            ordinals.set(sid, ord);
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
          const raw = row.fields[o.slot];
          const v = raw === undefined ? o.dflt : raw;
          const f = f64s[j];
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
