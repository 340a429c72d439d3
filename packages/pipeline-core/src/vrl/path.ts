import type { PathSegment } from './ast.js';
import { isObject, type VrlObject } from './kinds.js';
import { VrlFailure } from './signals.js';
import type { VrlValue } from './value.js';

// Reading and writing paths (`.a.b[0]`) inside VRL values. Objects are plain JS objects; a key is
// only ever read through hasOwn, and `__proto__` is written as an own property.

/** How far past an array's end an assignment may write (the gap is filled with nulls). */
const MAX_PADDING = 1_000_000;

export function setKey(o: VrlObject, key: string, v: VrlValue): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  else o[key] = v;
}

export function getField(v: VrlValue, key: string): VrlValue {
  return isObject(v) && Object.hasOwn(v, key) ? v[key]! : null;
}

export function getIndex(v: VrlValue, index: number): VrlValue {
  if (!Array.isArray(v)) return null;
  const i = index < 0 ? v.length + index : index;
  return i >= 0 && i < v.length ? v[i]! : null;
}

export function getPath(root: VrlValue, path: readonly PathSegment[]): VrlValue {
  let cur = root;
  for (const seg of path) {
    cur = 'field' in seg ? getField(cur, seg.field) : getIndex(cur, seg.index);
    if (cur === null) return null;
  }
  return cur;
}

/** Does the path lead to a value (a null value counts)? */
export function existsPath(root: VrlValue, path: readonly PathSegment[]): boolean {
  let cur = root;
  for (const seg of path) {
    if ('field' in seg) {
      if (!isObject(cur) || !Object.hasOwn(cur, seg.field)) return false;
      cur = cur[seg.field]!;
    } else {
      if (!Array.isArray(cur)) return false;
      const i = seg.index < 0 ? cur.length + seg.index : seg.index;
      if (i < 0 || i >= cur.length) return false;
      cur = cur[i]!;
    }
  }
  return true;
}

/**
 * Writes `value` at `path` inside `root` and returns the (possibly new) root. Missing or
 * mistyped intermediate containers are replaced, as VRL does; arrays grow with nulls.
 */
export function setPath(root: VrlValue, path: readonly PathSegment[], value: VrlValue): VrlValue {
  if (path.length === 0) return value;
  return setAt(root, path, 0, value);
}

function setAt(cur: VrlValue, path: readonly PathSegment[], i: number, value: VrlValue): VrlValue {
  const seg = path[i]!;
  const last = i === path.length - 1;
  if ('field' in seg) {
    const o: VrlObject = isObject(cur) ? cur : {};
    setKey(o, seg.field, last ? value : setAt(Object.hasOwn(o, seg.field) ? o[seg.field]! : null, path, i + 1, value));
    return o;
  }
  const a: VrlValue[] = Array.isArray(cur) ? cur : [];
  let idx = seg.index < 0 ? a.length + seg.index : seg.index;
  if (idx - a.length > MAX_PADDING || -idx > MAX_PADDING) throw new VrlFailure(`can't write at index ${seg.index}: more than ${MAX_PADDING} nulls would be needed to reach it`);
  if (idx < 0) {
    // VRL pads the front with nulls when a negative index reaches before the start.
    a.unshift(...new Array<VrlValue>(-idx).fill(null));
    idx = 0;
  }
  while (a.length < idx) a.push(null);
  a[idx] = last ? value : setAt(idx < a.length ? a[idx]! : null, path, i + 1, value);
  return a;
}

/** Removes the value at `path` (array elements are spliced out) and returns it, or null. */
export function deletePath(root: VrlValue, path: readonly PathSegment[]): VrlValue {
  if (path.length === 0) return null;
  const parent = path.length === 1 ? root : getPath(root, path.slice(0, -1));
  const seg = path[path.length - 1]!;
  if ('field' in seg) {
    if (!isObject(parent) || !Object.hasOwn(parent, seg.field)) return null;
    const v = parent[seg.field]!;
    delete parent[seg.field];
    return v;
  }
  if (!Array.isArray(parent)) return null;
  const i = seg.index < 0 ? parent.length + seg.index : seg.index;
  if (i < 0 || i >= parent.length) return null;
  return parent.splice(i, 1)[0]!;
}

/** A deep copy of containers (so an assignment never aliases another path or variable). */
export function cloneValue(v: VrlValue): VrlValue {
  if (Array.isArray(v)) return v.map(cloneValue);
  if (isObject(v)) {
    const o: VrlObject = {};
    for (const k of Object.keys(v)) setKey(o, k, cloneValue(v[k]!));
    return o;
  }
  return v;
}

export function pathKey(path: readonly PathSegment[]): string {
  let s = '';
  for (const seg of path) s += 'field' in seg ? `.${JSON.stringify(seg.field)}` : `[${seg.index}]`;
  return s;
}
