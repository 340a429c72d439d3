import type { Doc, Value } from '../value/value.js';
import { describeValue, isObject } from './kinds.js';
import { VrlRegex, type VrlValue } from './value.js';

/** Why a program's result cannot become records. */
export class VrlResultError extends Error {
  override name = 'VrlResultError';
}

function assertStorable(v: VrlValue, path: string): void {
  if (v instanceof VrlRegex) throw new VrlResultError(`the result holds a regex at ${path || '.'}; regexes cannot be stored (convert it with string!() or delete it)`);
  if (Array.isArray(v)) v.forEach((x, i) => assertStorable(x, `${path}[${i}]`));
  else if (isObject(v)) for (const k of Object.keys(v)) assertStorable(v[k]!, `${path}.${k}`);
}

/**
 * A program's result as pipeline records: an object is one record, an array of objects fans out
 * (an empty array is no record). Anything else, or a regex anywhere inside, is an error.
 */
export function vrlResultToDocs(result: VrlValue): Doc | Doc[] {
  if (isObject(result)) {
    assertStorable(result, '');
    return result as Doc;
  }
  if (Array.isArray(result)) {
    result.forEach((item, i) => {
      if (!isObject(item)) throw new VrlResultError(`element ${i} of the resulting array is ${describeValue(item)}, expected an object`);
      assertStorable(item, `[${i}]`);
    });
    return result as Value[] as Doc[];
  }
  throw new VrlResultError(`the program must end with an object (usually \`.\`) or an array of objects, got ${describeValue(result)}`);
}
