import { expect, it } from 'vitest';
import { isStaleNaN, restoreStaleNaN, STALE_NAN } from './stale-nan.js';

const bits = (x: number) => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0);
};

it('restores the quieted staleness marker bit for bit, leaving other values alone', () => {
  const packed = [1.5, STALE_NAN]; // V8 quiets signalling NaNs stored in packed double arrays
  expect(isStaleNaN(packed[1]!)).toBe(true);
  expect(bits(restoreStaleNaN(packed[1]!))).toBe(0x7ff0000000000002n);
  expect(isStaleNaN(NaN)).toBe(false);
  expect(Number.isNaN(restoreStaleNaN(NaN))).toBe(true);
  expect(restoreStaleNaN(3)).toBe(3);
});
