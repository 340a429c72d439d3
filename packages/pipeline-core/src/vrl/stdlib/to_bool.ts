import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { describeKind } from './support/kind.js';

const TRUE = new Set(['true', 't', 'yes', 'y']);
const FALSE = new Set(['false', 'f', 'no', 'n', '0']);

function parseBool(s: string): boolean {
  const lower = s.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  if (/^[+-]?\d+$/.test(s)) return BigInt(s) !== 0n;
  throw new VrlFunctionError(`Invalid boolean value "${s}"`);
}

export const to_bool = defineVrlFunction({
  name: 'to_bool',
  summary:
    'Coerces `value` into a boolean: strings `true/t/yes/y` and `false/f/no/n/0` (any case) or an integer; numbers are true unless 0; null is false.',
  params: [{ name: 'value', kinds: ['boolean', 'integer', 'float', 'null'], required: true }],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Coerce to a Boolean (string)', source: 'to_bool!("yes")', result: true },
    { title: 'Coerce to a Boolean (float)', source: 'to_bool(0.0)', result: false },
    { title: 'Integer (other)', source: 'to_bool(2)', result: true },
    { title: 'Null', source: 'to_bool(null)', result: false },
    { title: 'N string', source: "to_bool!(s'n')", result: false },
    { title: 'Invalid string', source: "to_bool!(s'foobar')", result: { error: 'Invalid boolean value "foobar"' } },
    { title: 'Array', source: 'to_bool!([])', result: { error: 'unable to coerce array into boolean' } },
  ],
  call(args) {
    const v = args['value'] as VrlValue;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    if (typeof v === 'bigint') return v !== 0n;
    if (v === null) return false;
    if (typeof v === 'string') return parseBool(v);
    throw new VrlFunctionError(`unable to coerce ${describeKind(v)} into boolean`);
  },
});
