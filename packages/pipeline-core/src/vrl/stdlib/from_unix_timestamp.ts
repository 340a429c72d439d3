import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { num, oneOf } from './support/args.js';
import { fromUnix, UNIX_UNIT_NAMES } from './support/unix-time.js';

export const from_unix_timestamp = defineVrlFunction({
  name: 'from_unix_timestamp',
  summary: 'Converts `value`, a number of `unit`s (seconds, milliseconds, microseconds, nanoseconds) since the Unix epoch, into a timestamp.',
  params: [
    { name: 'value', kinds: ['integer'], required: true },
    { name: 'unit', kinds: ['bytes'], required: false, default: 'seconds' },
  ],
  returns: ['timestamp'],
  fallible: true,
  examples: [
    { title: 'Convert from a Unix timestamp (seconds)', source: 'from_unix_timestamp!(5)', result: Timestamp.fromMillis(5000) },
    { title: 'Convert from a Unix timestamp (milliseconds)', source: 'from_unix_timestamp!(5000, unit: "milliseconds")', result: Timestamp.fromMillis(5000) },
    { title: 'Convert from a Unix timestamp (microseconds)', source: 'from_unix_timestamp!(5000, unit: "microseconds")', result: Timestamp.fromMillis(5) },
  ],
  // A literal `unit` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'unit', UNIX_UNIT_NAMES, 'seconds');
    return undefined;
  },
  call: (args) => fromUnix(num(args, 'value'), oneOf(args, 'unit', UNIX_UNIT_NAMES, 'seconds')),
});
