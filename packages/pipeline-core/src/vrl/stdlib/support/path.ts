import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import { describeKind, isInteger, isObject, type VrlObject } from './kind.js';

export type Segment = string | number;

/** How many nulls `set` may add to reach an index: a data-driven index must not exhaust memory. */
const MAX_PADDING = 65_536;

/** The `path` argument of get/set: an array of field names and (possibly negative) indexes. */
export function readPath(path: readonly VrlValue[]): Segment[] {
  return path.map((s) => {
    if (typeof s === 'string') return s;
    if (isInteger(s)) return Number(s);
    throw new VrlFunctionError(`path segment must be either string or integer, not ${describeKind(s)}`);
  });
}

export function getPath(value: VrlValue, path: readonly Segment[]): VrlValue {
  let cur: VrlValue = value;
  for (const seg of path) {
    if (typeof seg === 'string') {
      if (!isObject(cur) || !Object.hasOwn(cur, seg)) return null;
      cur = cur[seg]!;
    } else {
      if (!Array.isArray(cur)) return null;
      const i = seg < 0 ? cur.length + seg : seg;
      if (i < 0 || i >= cur.length) return null;
      cur = cur[i]!;
    }
  }
  return cur;
}

/** A copy of `value` with `data` at `path`: missing containers are created, arrays padded with null. */
export function setPath(value: VrlValue, path: readonly Segment[], data: VrlValue): VrlValue {
  if (path.length === 0) return data;
  const [seg, ...rest] = path as [Segment, ...Segment[]];
  if (typeof seg === 'string') {
    const obj: VrlObject = isObject(value) ? { ...value } : {};
    obj[seg] = setPath(obj[seg] ?? null, rest, data);
    return obj;
  }
  const arr: VrlValue[] = Array.isArray(value) ? [...value] : [];
  if (Math.abs(seg) - arr.length > MAX_PADDING) {
    throw new VrlFunctionError(`index ${seg} is too far beyond the end of an array of ${arr.length} (at most ${MAX_PADDING} nulls are added)`);
  }
  let i = seg;
  if (i < 0) {
    i += arr.length;
    if (i < 0) {
      arr.unshift(...new Array<VrlValue>(-i).fill(null));
      i = 0;
    }
  }
  while (arr.length <= i) arr.push(null);
  arr[i] = setPath(arr[i]!, rest, data);
  return arr;
}
