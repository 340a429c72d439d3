import { kindBit, kindList } from '../../kinds.js';
import type { VrlKind, VrlValue } from '../../value.js';

export { isObject, kindWord, describeValue as describeKind, type VrlObject } from '../../kinds.js';

/** The VRL kind of a runtime value (strings and raw bytes are both `bytes`). */
export function vrlKindOf(v: VrlValue): VrlKind {
  return kindList(kindBit(v))[0]!;
}

export function isInteger(v: VrlValue | undefined): v is number | bigint {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}
