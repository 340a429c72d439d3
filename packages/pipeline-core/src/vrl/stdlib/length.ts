import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { expected } from './support/args.js';
import { isObject } from './support/kind.js';
import { utf8Encode } from './support/utf8.js';

export const length = defineVrlFunction({
  name: 'length',
  summary: 'The number of elements of an array, keys of an object (top level only), or bytes (UTF-8) of a string.',
  params: [{ name: 'value', kinds: ['array', 'object', 'bytes'], required: true }],
  returns: ['integer'],
  fallible: false,
  examples: [
    { title: 'Length (object)', source: 'length({"portland": "Trail Blazers", "seattle": "Supersonics"})', result: 2 },
    { title: 'Length (nested object)', source: 'length({"home": {"city": "Portland", "state": "Oregon"}, "name": "Trail Blazers"})', result: 2 },
    { title: 'Length (array)', source: 'length(["Trail Blazers", "Supersonics", "Grizzlies"])', result: 3 },
    { title: 'Length (string)', source: 'length("The Planet of the Apes Musical")', result: 30 },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (typeof v === 'string') return utf8Encode(v).length;
    if (v instanceof Uint8Array || Array.isArray(v)) return v.length;
    if (isObject(v)) return Object.keys(v).length;
    throw expected('string, array or object', v);
  },
});
