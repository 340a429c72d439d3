import { Timestamp } from '../value/timestamp.js';
import { VrlRegex, type VrlKind, type VrlValue } from './value.js';

/** A set of VRL kinds as a bitmask: the compiler's static type of an expression. */
export type Kinds = number;

export const K = {
  bytes: 1,
  integer: 2,
  float: 4,
  boolean: 8,
  null: 16,
  timestamp: 32,
  regex: 64,
  array: 128,
  object: 256,
} as const satisfies Record<VrlKind, number>;

export const ANY_KINDS: Kinds = 511;
export const NUMERIC: Kinds = K.integer | K.float;
const NAMES = Object.keys(K) as VrlKind[];

export function kindsOf(list: readonly VrlKind[]): Kinds {
  let m = 0;
  for (const k of list) m |= K[k];
  return m;
}

export function kindList(m: Kinds): VrlKind[] {
  return NAMES.filter((n) => (m & K[n]) !== 0);
}

/** The word VRL's messages use (`bytes` reads as `string`). */
export function kindWord(k: VrlKind): string {
  return k === 'bytes' ? 'string' : k;
}

export function describeKinds(m: Kinds): string {
  if (m === ANY_KINDS) return 'any';
  return kindList(m).map(kindWord).join(' or ');
}

export type VrlObject = { [key: string]: VrlValue };

export function isObject(v: VrlValue | undefined): v is VrlObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Timestamp) && !(v instanceof Uint8Array) && !(v instanceof VrlRegex);
}

/** The kind bit of a runtime value. */
export function kindBit(v: VrlValue): Kinds {
  if (v === null) return K.null;
  switch (typeof v) {
    case 'string':
      return K.bytes;
    case 'number':
      return Number.isInteger(v) ? K.integer : K.float;
    case 'bigint':
      return K.integer;
    case 'boolean':
      return K.boolean;
    default:
      if (Array.isArray(v)) return K.array;
      if (v instanceof Timestamp) return K.timestamp;
      if (v instanceof Uint8Array) return K.bytes;
      if (v instanceof VrlRegex) return K.regex;
      return K.object;
  }
}

/** `string`, `integer`, ... for a runtime value, as VRL's messages name it. */
export function describeValue(v: VrlValue): string {
  return describeKinds(kindBit(v));
}

/** The static type of a constant value. */
export function kindsOfValue(v: VrlValue): Kinds {
  return kindBit(v);
}
