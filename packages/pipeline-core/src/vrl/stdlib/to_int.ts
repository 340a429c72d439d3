import { Timestamp } from '../../value/timestamp.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { describeKind } from './support/kind.js';
import { normalizeInt, parseDecimalInt } from './support/numbers.js';

export const to_int = defineVrlFunction({
  name: 'to_int',
  summary:
    'Coerces `value` into an integer: strings are parsed as decimal integers, floats truncated, booleans are 1/0, null is 0, timestamps give Unix seconds.',
  params: [{ name: 'value', kinds: ['integer', 'float', 'boolean', 'null', 'timestamp'], required: true }],
  returns: ['integer'],
  fallible: false,
  examples: [
    { title: 'Coerce to an int (string)', source: 'to_int!("2")', result: 2 },
    { title: 'Coerce to an int (timestamp)', source: "to_int(t'2020-12-30T22:20:53.824727Z')", result: 1609366853 },
    { title: 'Float is truncated', source: 'to_int(5.9)', result: 5 },
    { title: 'True', source: 'to_int(true)', result: 1 },
    { title: 'Invalid string', source: "to_int!(s'foobar')", result: { error: 'Invalid integer "foobar": invalid digit found in string' } },
    { title: 'Array', source: 'to_int!([])', result: { error: 'unable to coerce array into integer' } },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number') {
      if (Number.isInteger(v)) return v;
      if (!Number.isFinite(v)) throw new VrlFunctionError(`unable to coerce ${v} into integer`);
      return normalizeInt(BigInt(Math.trunc(v)));
    }
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (v === null) return 0;
    if (typeof v === 'string') return parseDecimalInt(v);
    if (v instanceof Timestamp) return normalizeInt(v.in('s'));
    throw new VrlFunctionError(`unable to coerce ${describeKind(v)} into integer`);
  },
});
