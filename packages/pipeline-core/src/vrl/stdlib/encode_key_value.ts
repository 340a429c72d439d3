import { Timestamp } from '../../value/timestamp.js';
import { VrlRegex, type VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { arr, bool, obj, optStr } from './support/args.js';
import { isObject } from './support/kind.js';
import { utf8Decode } from './support/utf8.js';

/** Nested objects and arrays become `parent.child` / `list.0` keys, as VRL's serializer flattens them. */
function flattenInto(out: Map<string, VrlValue>, key: string, v: VrlValue): void {
  if (Array.isArray(v)) v.forEach((x, i) => flattenInto(out, `${key}.${i}`, x));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) flattenInto(out, `${key}.${k}`, x);
  else out.set(key, v);
}

function text(v: VrlValue): string {
  if (v === null) return 'null';
  if (v instanceof Timestamp) return v.toISOString();
  if (v instanceof VrlRegex) return v.source;
  if (v instanceof Uint8Array) return utf8Decode(v);
  return String(v);
}

function encodeString(s: string): string {
  const quote = /[\s"=]/u.test(s);
  const body = s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\\\n');
  return quote ? `"${body}"` : body;
}

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
    const kvd = optStr(args, 'key_value_delimiter') ?? '=';
    const fd = optStr(args, 'field_delimiter') ?? ' ';
    const flattenBoolean = bool(args, 'flatten_boolean', false);
    const fields = new Map<string, VrlValue>();
    const input = obj(args, 'value');
    for (const [k, v] of Object.entries(input)) flattenInto(fields, k, v);
    const sorted = new Map([...fields.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const order: string[] = [];
    if (args['fields_ordering'] !== undefined && args['fields_ordering'] !== null) {
      for (const f of arr(args, 'fields_ordering')) {
        if (typeof f !== 'string') throw new VrlFunctionError('fields_ordering contains a non-string element');
        order.push(f);
      }
    }
    const parts: string[] = [];
    const emit = (key: string, v: VrlValue): void => {
      if (flattenBoolean && typeof v === 'boolean') {
        if (v) parts.push(encodeString(key));
        return;
      }
      parts.push(encodeString(key) + kvd + encodeString(text(v)));
    };
    for (const f of order) {
      if (!sorted.has(f)) continue;
      emit(f, sorted.get(f)!);
      sorted.delete(f);
    }
    for (const [k, v] of sorted) emit(k, v);
    return parts.join(fd);
  },
});
