/**
 * NaN payloads (Prometheus's staleness marker is the NaN 0x7ff0000000000002). ClickHouse's text formats
 * write and read every NaN as `nan`, so the store carries the bits itself: a batch with such a NaN is
 * inserted in the Values format with the value as `reinterpretAsFloat64(unhex('<little-endian bytes>'))`,
 * and scans read a NaN's bits next to it (read/scan.ts).
 */
const view = new DataView(new ArrayBuffer(8));
/** The bits of JavaScript's own NaN: any other NaN carries a payload worth keeping. */
const CANONICAL = (() => {
  view.setFloat64(0, NaN);
  return view.getBigUint64(0);
})();

/** A NaN whose bits differ from the canonical NaN's. */
export function isPayloadNaN(v: unknown): v is number {
  if (typeof v !== 'number' || !Number.isNaN(v)) return false;
  view.setFloat64(0, v);
  return view.getBigUint64(0) !== CANONICAL;
}

/** The value as a ClickHouse expression with the exact bits. */
export function nanExpression(v: number): string {
  view.setFloat64(0, v, true);
  let hex = '';
  for (let i = 0; i < 8; i++) hex += view.getUint8(i).toString(16).padStart(2, '0');
  return `reinterpretAsFloat64(unhex('${hex}'))`;
}

/** A NaN with these bits (a UInt64 as decimal text). */
export function nanFromBits(bits: string): number {
  view.setBigUint64(0, BigInt(bits));
  return view.getFloat64(0);
}
