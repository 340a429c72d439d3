import { defineVrlFunction } from './function.js';
import { arr, bool, obj, optStr } from './support/args.js';
import { encodeKeyValue } from './support/key-value-encode.js';

export const encode_key_value = defineVrlFunction({
  name: 'encode_key_value',
  summary:
    'Encodes the object `value` as `key=value` pairs (logfmt by default): fields listed in `fields_ordering` first, the rest sorted by key; nested values flattened with dots; values with spaces, quotes or `=` quoted. With `flatten_boolean`, true is a bare key and false is left out.',
  params: [
    { name: 'value', kinds: ['object'], required: true },
    { name: 'fields_ordering', kinds: ['array'], required: false },
    { name: 'key_value_delimiter', kinds: ['bytes'], required: false, default: '=' },
    { name: 'field_delimiter', kinds: ['bytes'], required: false, default: ' ' },
    { name: 'flatten_boolean', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    {
      title: 'Encode with default delimiters (no ordering)',
      source: 'encode_key_value!({"ts": "2021-06-05T17:20:00Z", "msg": "This is a message", "lvl": "info"})',
      result: 'lvl=info msg="This is a message" ts=2021-06-05T17:20:00Z',
    },
    {
      title: 'Encode with default delimiters (fields ordering)',
      source: 'encode_key_value!({"ts": "2021-06-05T17:20:00Z", "msg": "This is a message", "lvl": "info", "log_id": 12345}, ["ts", "lvl", "msg"])',
      result: 'ts=2021-06-05T17:20:00Z lvl=info msg="This is a message" log_id=12345',
    },
    {
      title: 'Encode with default delimiters (nested fields)',
      source: 'encode_key_value!({"agent": {"name": "foo"}, "log": {"file": {"path": "my.log"}}, "event": "log"})',
      result: 'agent.name=foo event=log log.file.path=my.log',
    },
    {
      title: 'Encode with custom delimiters and flattened booleans',
      source: 'encode_key_value!({"ts": "2021-06-05T17:20:00Z", "msg": "This is a message", "lvl": "info", "beta": true, "dropped": false}, ["ts", "lvl", "msg"], key_value_delimiter: ":", field_delimiter: ",", flatten_boolean: true)',
      result: 'ts:2021-06-05T17:20:00Z,lvl:info,msg:"This is a message",beta',
    },
  ],
  call(args) {
    const ordering = args['fields_ordering'];
    return encodeKeyValue(obj(args, 'value'), {
      fieldsOrdering: ordering === undefined || ordering === null ? [] : arr(args, 'fields_ordering'),
      keyValueDelimiter: optStr(args, 'key_value_delimiter') ?? '=',
      fieldDelimiter: optStr(args, 'field_delimiter') ?? ' ',
      flattenBoolean: bool(args, 'flatten_boolean', false),
    });
  },
});
