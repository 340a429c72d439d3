import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { bool } from './support/args.js';
import { encodeJson } from './support/json.js';

export const encode_json = defineVrlFunction({
  name: 'encode_json',
  summary: 'Encodes `value` as JSON text (object keys sorted, as VRL does); `pretty` indents it with two spaces.',
  params: [
    { name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true },
    { name: 'pretty', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Encode to JSON', source: 'encode_json({"field": "value", "another": [1,2,3]})', result: '{"another":[1,2,3],"field":"value"}' },
    {
      title: 'Encode object to as pretty-printed JSON',
      source: 'encode_json({"field": "value", "another": [1,2,3]}, true)',
      result: '{\n  "another": [\n    1,\n    2,\n    3\n  ],\n  "field": "value"\n}',
    },
    { title: 'Timestamps become RFC 3339 strings', source: "encode_json([t'2021-01-01T00:00:00Z'])", result: '["2021-01-01T00:00:00Z"]' },
  ],
  call: (args) => encodeJson(args['value'] as VrlValue, bool(args, 'pretty', false)),
});
