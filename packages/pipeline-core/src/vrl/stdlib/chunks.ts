import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { expected, int } from './support/args.js';
import { utf8Decode, utf8Encode } from './support/utf8.js';

export const chunks = defineVrlFunction({
  name: 'chunks',
  summary: 'Splits an array into arrays of `chunk_size` elements, or a string into strings of `chunk_size` bytes (the last part may be shorter).',
  params: [
    { name: 'value', kinds: ['array', 'bytes'], required: true },
    { name: 'chunk_size', kinds: ['integer'], required: true },
  ],
  returns: ['array'],
  fallible: true,
  examples: [
    { title: 'Split a string into chunks', source: 'chunks!("abcdefgh", 4)', result: ['abcd', 'efgh'] },
    { title: 'Split an array into chunks', source: 'chunks!([1, 2, 3, 4, 5], 2)', result: [[1, 2], [3, 4], [5]] },
    { title: 'Chunk size must be positive', source: 'chunks!([1], 0)', result: { error: '"chunk_size" must be at least 1 byte' } },
  ],
  call(args) {
    const size = int(args, 'chunk_size');
    if (size < 1) throw new VrlFunctionError('"chunk_size" must be at least 1 byte');
    const v = args['value'] as VrlValue;
    if (Array.isArray(v)) {
      const out: VrlValue[] = [];
      for (let i = 0; i < v.length; i += size) out.push(v.slice(i, i + size));
      return out;
    }
    if (typeof v !== 'string') throw expected('array or string', v);
    const bytes = utf8Encode(v);
    const out: VrlValue[] = [];
    for (let i = 0; i < bytes.length; i += size) out.push(utf8Decode(bytes.subarray(i, i + size)));
    return out;
  },
});
