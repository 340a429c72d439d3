import { Timestamp } from '../../value/timestamp.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { describeKind } from './support/kind.js';
import { rustFloatText } from './support/numbers.js';
import { utf8Decode } from './support/utf8.js';

export const to_string = defineVrlFunction({
  name: 'to_string',
  summary:
    'Coerces `value` into a string: numbers and booleans in their literal form, null as the empty string, timestamps in RFC 3339 (UTC).',
  params: [{ name: 'value', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Coerce to a string (Boolean)', source: 'to_string(true)', result: 'true' },
    { title: 'Coerce to a string (int)', source: 'to_string(52)', result: '52' },
    { title: 'Coerce to a string (float)', source: 'to_string(52.2)', result: '52.2' },
    { title: 'Small floats are written out in full', source: 'to_string(0.0000001)', result: '0.0000001' },
    { title: 'Null', source: 'to_string(null)', result: '' },
    { title: 'Timestamp', source: "to_string(t'2020-01-01T00:00:00Z')", result: '2020-01-01T00:00:00Z' },
    { title: 'Object', source: 'to_string!({})', result: { error: 'unable to coerce object into string' } },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (typeof v === 'string') return v;
    if (v instanceof Uint8Array) return utf8Decode(v);
    if (typeof v === 'number') return rustFloatText(v);
    if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
    if (v === null) return '';
    if (v instanceof Timestamp) return v.toISOString();
    throw new VrlFunctionError(`unable to coerce ${describeKind(v)} into string`);
  },
});
