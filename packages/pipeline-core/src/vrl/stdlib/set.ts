import { defineVrlFunction } from './function.js';
import { any, arr } from './support/args.js';
import { readPath, setPath } from './support/path.js';

export const set = defineVrlFunction({
  name: 'set',
  summary:
    'A copy of `value` with `data` stored at `path` (an array of field names and indexes, computed at run time); missing objects are created and arrays padded with null.',
  params: [
    { name: 'value', kinds: ['object', 'array'], required: true },
    { name: 'path', kinds: ['array'], required: true },
    { name: 'data', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true },
  ],
  returns: ['object', 'array'],
  fallible: true,
  examples: [
    { title: 'Multi-segment nested field', source: 'set!(value: { "foo": { "bar": "baz" } }, path: ["foo", "bar"], data: "qux")', result: { foo: { bar: 'qux' } } },
    { title: 'Array', source: 'set!(value: ["foo", "bar", "baz"], path: [-2], data: 42)', result: ['foo', 42, 'baz'] },
    { title: 'Nested indexing', source: 'set!(value: {"foo": { "bar": [] }}, path: ["foo", "bar", 1], data: "baz")', result: { foo: { bar: [null, 'baz'] } } },
    {
      title: 'Invalid segment type',
      source: 'set!({"foo": { "bar": [92, 42] }}, ["foo", true], "baz")',
      result: { error: 'path segment must be either string or integer, not boolean' },
    },
  ],
  call: (args) => setPath(any(args, 'value'), readPath(arr(args, 'path')), any(args, 'data')),
});
