import { defineVrlFunction } from './function.js';
import { arr, obj } from './support/args.js';
import { encodeKeyValue } from './support/key-value-encode.js';

export const encode_logfmt = defineVrlFunction({
  name: 'encode_logfmt',
  summary: 'Encodes the object `value` as a logfmt line: `fields_ordering` first, the rest sorted by key, nested values flattened with dots.',
  params: [
    { name: 'value', kinds: ['object'], required: true },
    { name: 'fields_ordering', kinds: ['array'], required: false },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    {
      title: 'Encode to logfmt (no ordering)',
      source: 'encode_logfmt!({"ts": "2021-06-05T17:20:00Z", "msg": "This is a message", "lvl": "info"})',
      result: 'lvl=info msg="This is a message" ts=2021-06-05T17:20:00Z',
    },
    {
      title: 'Encode to logfmt (fields ordering)',
      source: 'encode_logfmt!({"ts": "2021-06-05T17:20:00Z", "msg": "This is a message", "lvl": "info", "log_id": 12345}, ["ts", "lvl", "msg"])',
      result: 'ts=2021-06-05T17:20:00Z lvl=info msg="This is a message" log_id=12345',
    },
  ],
  call(args) {
    const ordering = args['fields_ordering'];
    return encodeKeyValue(obj(args, 'value'), {
      fieldsOrdering: ordering === undefined || ordering === null ? [] : arr(args, 'fields_ordering'),
      keyValueDelimiter: '=',
      fieldDelimiter: ' ',
      flattenBoolean: false,
    });
  },
});
