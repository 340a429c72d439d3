import { Timestamp } from '../../value/timestamp.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { describeKind } from './support/kind.js';
import { parseRustFloat } from './support/numbers.js';

export const to_float = defineVrlFunction({
  name: 'to_float',
  summary:
    'Coerces `value` into a float: strings are parsed (decimal or scientific notation), booleans are 1/0, null is 0, timestamps give Unix seconds with a fraction.',
  params: [{ name: 'value', kinds: ['integer', 'float', 'boolean', 'null', 'timestamp'], required: true }],
  returns: ['float'],
  fallible: false,
  examples: [
    { title: 'Coerce to a float', source: 'to_float!("3.145")', result: 3.145 },
    { title: 'Coerce to a float (timestamp)', source: "to_float(t'2020-12-30T22:20:53.824727Z')", result: 1609366853.824727 },
    { title: 'True', source: 'to_float(true)', result: 1 },
    { title: 'Invalid string', source: "to_float!(s'foobar')", result: { error: 'Invalid floating point number "foobar": invalid float literal' } },
    { title: 'Object', source: 'to_float!({})', result: { error: 'unable to coerce object into float' } },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (typeof v === 'number') return v;
    if (typeof v === 'bigint') return Number(v);
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (v === null) return 0;
    if (typeof v === 'string') {
      const f = parseRustFloat(v);
      if (f === undefined) throw new VrlFunctionError(`Invalid floating point number "${v}": invalid float literal`);
      return f;
    }
    if (v instanceof Timestamp) {
      const s = v.in('s');
      return Number(s) + Number(v.ns - s * 1_000_000_000n) / 1e9;
    }
    throw new VrlFunctionError(`unable to coerce ${describeKind(v)} into float`);
  },
});
