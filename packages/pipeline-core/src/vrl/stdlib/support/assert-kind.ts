import type { VrlKind, VrlValue } from '../../value.js';
import type { VrlArgs } from '../function.js';
import { expected } from './args.js';
import { kindWord, vrlKindOf } from './kind.js';

/** The body of the type-assertion functions (`string`, `int`, ...): the value itself, or an error. */
export function assertKind(kind: VrlKind): (args: VrlArgs) => VrlValue {
  return (args) => {
    const v = args['value'] as VrlValue;
    if (vrlKindOf(v) === kind) return v;
    throw expected(kindWord(kind), v);
  };
}
