/**
 * Row bitmaps: the rows of a chunk that pass a test, one bit per row (row i is bit i & 7 of byte i >> 3,
 * the layout of a chunk's null bitmaps and of the text index's postings bitmaps), (n + 7) >> 3 bytes for
 * n rows. Bits past the last row stay clear. Text tests answer in this form (codec/text-index.ts,
 * codec/text-search.ts): unions and intersections run a byte at a time, and the passing rows are read
 * off the set bits without a step per row.
 */
export type RowBits = Uint8Array;

/** A bitmap of `n` rows with none set. */
export function noRows(n: number): RowBits {
  return new Uint8Array((n + 7) >> 3);
}

export function hasRow(bits: RowBits, i: number): boolean {
  return (bits[i >> 3]! & (1 << (i & 7))) !== 0;
}

export function setRow(bits: RowBits, i: number): void {
  bits[i >> 3]! |= 1 << (i & 7);
}

/** Intersects `b` into `a`; whether a row is left. */
export function andRows(a: RowBits, b: RowBits): boolean {
  let any = 0;
  for (let k = 0; k < a.length; k++) any |= a[k]! &= b[k]!;
  return any !== 0;
}

/** The set rows, ascending, appended to `out`. */
export function rowsOfBits(bits: RowBits, out: number[] = []): number[] {
  for (let k = 0; k < bits.length; k++) {
    let x = bits[k]!;
    while (x !== 0) {
      const low = x & -x;
      out.push((k << 3) + 31 - Math.clz32(low));
      x ^= low;
    }
  }
  return out;
}

/** The bitmap as one 0/1 entry per row (tests and callers that index by row). */
export function bitsToArray(bits: RowBits, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = hasRow(bits, i) ? 1 : 0;
  return out;
}
