/**
 * Prometheus marks the end of a series with a signalling NaN (bits 0x7ff0000000000002). V8 quiets
 * signalling NaNs when a double is stored in a packed double array, which the store's column batches
 * are, so the marker comes back as 0x7ff8000000000002 — still distinct from Prometheus's normal NaN
 * (0x7ff8000000000001) and from JavaScript's NaN (0x7ff8000000000000). `restoreStaleNaN` turns it
 * back into the exact marker before it goes on the wire.
 */
const STALE_BITS = 0x7ff0000000000002n;
const QUIETED_STALE_BITS = 0x7ff8000000000002n;

const view = new DataView(new ArrayBuffer(8));

function bitsOf(x: number): bigint {
  view.setFloat64(0, x);
  return view.getBigUint64(0);
}

view.setBigUint64(0, STALE_BITS);
export const STALE_NAN: number = view.getFloat64(0);

export function isStaleNaN(x: number): boolean {
  if (x === x) return false;
  const b = bitsOf(x);
  return b === STALE_BITS || b === QUIETED_STALE_BITS;
}

export function restoreStaleNaN(x: number): number {
  return x === x ? x : isStaleNaN(x) ? STALE_NAN : x;
}
