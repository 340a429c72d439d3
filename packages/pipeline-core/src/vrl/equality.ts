import { Timestamp } from '../value/timestamp.js';
import { isObject } from './kinds.js';
import { VrlRegex, type VrlValue } from './value.js';

/** VRL's `==`: structural; integers and floats compare by value; raw bytes by content. */
export function vrlEquals(a: VrlValue, b: VrlValue): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint')) return a == b;
  if (ta !== 'object' || tb !== 'object') return false;
  if (a instanceof Timestamp) return b instanceof Timestamp && a.ns === b.ns;
  if (a instanceof VrlRegex) return b instanceof VrlRegex && a.source === b.source && a.flags === b.flags;
  if (a instanceof Uint8Array) return b instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i]);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!vrlEquals(a[i]!, b[i]!)) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!Object.hasOwn(b, k) || !vrlEquals(a[k]!, b[k]!)) return false;
  return true;
}
