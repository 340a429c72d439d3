import { JsonTextError, parseJsonText } from '../../pipeline/json-value.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { optInt, str } from './support/args.js';
import { isObject } from './support/kind.js';
import { encodeJson } from './support/json.js';

/** Values nested deeper than `depth` are kept as their JSON text, as VRL's `max_depth` does. */
function limitDepth(v: VrlValue, depth: number): VrlValue {
  if (Array.isArray(v)) return depth <= 0 ? encodeJson(v, false) : v.map((x) => limitDepth(x, depth - 1));
  if (isObject(v)) {
    if (depth <= 0) return encodeJson(v, false);
    const out: { [k: string]: VrlValue } = {};
    for (const [k, x] of Object.entries(v)) out[k] = limitDepth(x, depth - 1);
    return out;
  }
  return v;
}

export const parse_json = defineVrlFunction({
  name: 'parse_json',
  summary:
    'Parses the JSON text `value` (integers beyond 2^53 stay exact). With `max_depth` (1 to 128), deeper objects and arrays are kept as JSON text.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'max_depth', kinds: ['integer'], required: false },
  ],
  returns: ['bytes', 'integer', 'float', 'boolean', 'null', 'array', 'object'],
  fallible: true,
  examples: [
    { title: 'Parse JSON', source: 'parse_json!(s\'{"key": "val"}\')', result: { key: 'val' } },
    { title: 'Parse JSON array', source: 'parse_json!("[true, 0]")', result: [true, 0] },
    { title: 'Parse JSON with max_depth', source: 'parse_json!(s\'{"top_level":{"key": "val"}}\', max_depth: 1)', result: { top_level: '{"key":"val"}' } },
    { title: 'Invalid JSON value', source: 'parse_json!("{ INVALID }")', result: { error: 'unable to parse json' } },
  ],
  call(args) {
    const text = str(args, 'value');
    const maxDepth = optInt(args, 'max_depth');
    if (maxDepth !== undefined && (maxDepth < 1 || maxDepth > 128)) throw new VrlFunctionError(`max_depth value should be greater than 0 and less than 128, got ${maxDepth}`);
    let v: VrlValue;
    try {
      v = parseJsonText(text);
    } catch (e) {
      if (e instanceof JsonTextError) throw new VrlFunctionError(`unable to parse json: ${e.message}`);
      throw e;
    }
    return maxDepth === undefined ? v : limitDepth(v, maxDepth);
  },
});
