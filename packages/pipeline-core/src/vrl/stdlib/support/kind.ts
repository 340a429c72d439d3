import { K, kindBit } from '../../kinds.js';
import type { VrlKind, VrlValue } from '../../value.js';

export { isObject, kindWord, describeValue as describeKind, type VrlObject } from '../../kinds.js';

/** The VRL kind of a runtime value (strings and raw bytes are both `bytes`). */
export function vrlKindOf(v: VrlValue): VrlKind {
  return KIND_BY_BIT.get(kindBit(v))!;
}

const KIND_BY_BIT = new Map<number, VrlKind>(Object.entries(K).map(([name, bit]) => [bit, name as VrlKind]));

export function isInteger(v: VrlValue | undefined): v is number | bigint {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}
