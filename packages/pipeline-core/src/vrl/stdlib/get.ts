import { defineVrlFunction } from './function.js';
import { any, arr } from './support/args.js';
import { getPath, readPath } from './support/path.js';

export const get = defineVrlFunction({
  name: 'get',
  summary:
    'The value at `path` (an array of field names and indexes, computed at run time) inside `value`, or null when there is none.',
  params: [
    { name: 'value', kinds: ['object', 'array'], required: true },
    { name: 'path', kinds: ['array'], required: true },
  ],
  returns: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'],
  fallible: true,
  examples: [
    { title: 'Single-segment top-level field', source: 'get!(value: {"foo": "bar"}, path: ["foo"])', result: 'bar' },
    { title: 'Multi-segment nested field', source: 'get!(value: {"foo": { "bar": "baz" }}, path: ["foo", "bar"])', result: 'baz' },
    { title: 'Array indexing (negative)', source: 'get!(value: ["foo", "bar", "baz"], path: [-2])', result: 'bar' },
    { title: 'Returns null for unknown field', source: 'get!(value: {"foo": "bar"}, path: ["baz"])', result: null },
    {
      title: 'Invalid segment type',
      source: 'get!(value: {"foo": { "bar": [92, 42] }}, path: ["foo", true])',
      result: { error: 'path segment must be either string or integer, not boolean' },
    },
  ],
  call: (args) => getPath(any(args, 'value'), readPath(arr(args, 'path'))),
});
