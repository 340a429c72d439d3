import { JsonTextError, parseJsonText } from '../../pipeline/json-value.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { oneOf, str } from './support/args.js';
import { isObject } from './support/kind.js';

const VARIANTS = ['object', 'array', 'string', 'number', 'bool', 'null'] as const;

function variantOf(v: VrlValue): (typeof VARIANTS)[number] {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number' || typeof v === 'bigint') return 'number';
  return Array.isArray(v) ? 'array' : isObject(v) ? 'object' : 'null';
}

export const is_json = defineVrlFunction({
  name: 'is_json',
  summary: 'Is `value` valid JSON text, and (with `variant`) of that kind: `object`, `array`, `string`, `number`, `bool` or `null`?',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'variant', kinds: ['bytes'], required: false },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Valid JSON object', source: 'is_json("{}")', result: true },
    { title: 'Non-valid value', source: 'is_json("{")', result: false },
    { title: 'Exact variant', source: 'is_json("{}", variant: "object")', result: true },
    { title: 'Non-valid exact variant', source: 'is_json("{}", variant: "array")', result: false },
  ],
  // A literal `variant` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'variant', VARIANTS, 'object');
    return undefined;
  },
  call(args) {
    let v: VrlValue;
    try {
      v = parseJsonText(str(args, 'value'));
    } catch (e) {
      if (e instanceof JsonTextError) return false;
      throw e;
    }
    if (args['variant'] === undefined || args['variant'] === null) return true;
    return variantOf(v) === oneOf(args, 'variant', VARIANTS, 'object');
  },
});
