import { parseRfc3339 } from '../../time/rfc3339.js';
import { Timestamp } from '../../value/timestamp.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { oneOf } from './support/args.js';
import { describeKind } from './support/kind.js';
import { fromUnix, UNIX_UNIT_NAMES } from './support/unix-time.js';

export const to_timestamp = defineVrlFunction({
  name: 'to_timestamp',
  summary:
    'Coerces `value` into a timestamp: RFC 3339 strings are parsed, integers and floats count `unit`s (default seconds) since the Unix epoch. (Deprecated in VRL in favour of `parse_timestamp` and `from_unix_timestamp`.)',
  params: [
    { name: 'value', kinds: ['timestamp', 'integer', 'float'], required: true },
    { name: 'unit', kinds: ['bytes'], required: false, default: 'seconds' },
  ],
  returns: ['timestamp'],
  fallible: false,
  examples: [
    { title: 'Coerce to a timestamp (string)', source: 'to_timestamp!("2020-10-21T16:00:00Z")', result: Timestamp.fromMillis(Date.UTC(2020, 9, 21, 16)) },
    { title: 'Coerce to a timestamp (seconds)', source: 'to_timestamp(1675968923)', result: Timestamp.fromMillis(1675968923000) },
    { title: 'Coerce to a timestamp (milliseconds)', source: 'to_timestamp(1675968923012, unit: "milliseconds")', result: Timestamp.fromMillis(1675968923012) },
    { title: 'Invalid string', source: 'to_timestamp!("next tuesday")', result: { error: 'unable to coerce "next tuesday" into timestamp' } },
  ],
  // A literal `unit` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'unit', UNIX_UNIT_NAMES, 'seconds');
    return undefined;
  },
  call(args) {
    const v = args['value'] as VrlValue;
    if (v instanceof Timestamp) return v;
    if (typeof v === 'number' || typeof v === 'bigint') return fromUnix(v, oneOf(args, 'unit', UNIX_UNIT_NAMES, 'seconds'));
    if (typeof v === 'string') {
      const t = parseRfc3339(v);
      if (t === undefined) throw new VrlFunctionError(`unable to coerce ${JSON.stringify(v)} into timestamp: expected RFC 3339`);
      return t;
    }
    throw new VrlFunctionError(`unable to coerce ${describeKind(v)} into timestamp`);
  },
});
