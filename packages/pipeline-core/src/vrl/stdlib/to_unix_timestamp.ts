import type { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { oneOf, ts } from './support/args.js';
import { normalizeInt } from './support/numbers.js';
import { UNIX_UNIT_NAMES, UNIX_UNITS } from './support/unix-time.js';

export const to_unix_timestamp = defineVrlFunction({
  name: 'to_unix_timestamp',
  summary: 'Converts the timestamp `value` into the number of `unit`s (seconds, milliseconds, microseconds, nanoseconds) since the Unix epoch.',
  params: [
    { name: 'value', kinds: ['timestamp'], required: true },
    { name: 'unit', kinds: ['bytes'], required: false, default: 'seconds' },
  ],
  returns: ['integer'],
  fallible: false,
  examples: [
    { title: 'Convert to a Unix timestamp (seconds)', source: "to_unix_timestamp(t'2021-01-01T00:00:00+00:00')", result: 1609459200 },
    { title: 'Convert to a Unix timestamp (milliseconds)', source: "to_unix_timestamp(t'2021-01-01T00:00:00Z', unit: \"milliseconds\")", result: 1609459200000 },
    { title: 'Convert to a Unix timestamp (nanoseconds)', source: "to_unix_timestamp(t'2021-01-01T00:00:00Z', unit: \"nanoseconds\")", result: 1609459200000000000n },
  ],
  // A literal `unit` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'unit', UNIX_UNIT_NAMES, 'seconds');
    return undefined;
  },
  call(args) {
    const unit = oneOf(args, 'unit', UNIX_UNIT_NAMES, 'seconds');
    const t: Timestamp = ts(args, 'value');
    return normalizeInt(t.in(UNIX_UNITS[unit]));
  },
});
