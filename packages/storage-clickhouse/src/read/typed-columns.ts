import type { Value } from '@sluice/pipeline-core';
import type { ColumnDef, TypedColumn } from '@sluice/storage';

const MAX_OFFSET = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `ColumnVector.typed` for the batches of one scan that asked for it (`ScanRequest.typed`), built from
 * the decoded values: the time index as base + offsets, float64 columns as a Float64Array with a
 * validity bitmap (NaN payloads kept), tags as dictionary codes that mean the same value in every batch
 * of the scan (the dictionary only grows). Other columns stay `values` only.
 */
export class TypedColumns {
  private readonly dicts = new Map<number, { readonly codes: Map<Value, number>; readonly dict: Value[] }>();

  constructor(
    private readonly cols: readonly ColumnDef[],
    private readonly timeIndex: string,
    private readonly tags: ReadonlySet<string>,
  ) {}

  /** The typed form of column `j` of a batch of `n` rows, or undefined. */
  of(j: number, values: readonly Value[], n: number): TypedColumn | undefined {
    const c = this.cols[j]!;
    if (c.name === this.timeIndex) return timeColumn(values, n);
    if (c.type === 'float64') return f64Column(values, n);
    if (this.tags.has(c.name)) return this.dictColumn(j, values, n);
    return undefined;
  }

  private dictColumn(j: number, values: readonly Value[], n: number): TypedColumn {
    let d = this.dicts.get(j);
    if (!d) this.dicts.set(j, (d = { codes: new Map(), dict: [] }));
    const codes = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (v === null) {
        codes[i] = -1;
        continue;
      }
      let code = d.codes.get(v);
      if (code === undefined) {
        code = d.dict.length;
        d.codes.set(v, code);
        d.dict.push(v);
      }
      codes[i] = code;
    }
    return { kind: 'dict', codes, dict: d.dict };
  }
}

function timeColumn(values: readonly Value[], n: number): TypedColumn | undefined {
  if (n === 0 || typeof values[0] !== 'bigint') return undefined;
  const base = values[0];
  const offsets = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v !== 'bigint') return undefined;
    const d = v - base;
    if (d > MAX_OFFSET || d < -MAX_OFFSET) return undefined;
    offsets[i] = Number(d);
  }
  return { kind: 'time', base, offsets };
}

function f64Column(values: readonly Value[], n: number): TypedColumn {
  const f64 = new Float64Array(n);
  const valid = new Uint8Array((n + 7) >> 3);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v !== 'number') continue;
    f64[i] = v;
    valid[i >> 3]! |= 1 << (i & 7);
  }
  return { kind: 'f64', f64, valid };
}
