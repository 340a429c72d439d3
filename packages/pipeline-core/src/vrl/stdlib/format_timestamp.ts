import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { optStr, str, ts } from './support/args.js';
import { formatWithFormat } from './support/time.js';

export const format_timestamp = defineVrlFunction({
  name: 'format_timestamp',
  summary: 'Formats the timestamp `value` with the strftime `format` (chrono specifiers), in `timezone` (default UTC).',
  params: [
    { name: 'value', kinds: ['timestamp'], required: true },
    { name: 'format', kinds: ['bytes'], required: true },
    { name: 'timezone', kinds: ['bytes'], required: false },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Format a timestamp (ISO8601/RFC 3339)', source: "format_timestamp!(t'2020-10-21T16:00:00Z', format: \"%+\")", result: '2020-10-21T16:00:00+00:00' },
    { title: 'Format a timestamp (custom)', source: "format_timestamp!(t'2020-10-21T16:00:00Z', format: \"%v %R\")", result: '21-Oct-2020 16:00' },
    {
      title: 'Format a timestamp with timezone conversion',
      source: "format_timestamp!(t'2021-02-10T23:32:00+00:00', format: \"%d %B %Y %H:%M\", timezone: \"Europe/Berlin\")",
      result: '11 February 2021 00:32',
    },
    { title: 'Unknown specifier (a compile error)', source: "format_timestamp!(t'2021-02-10T23:32:00Z', format: \"%Q\")", result: { error: 'invalid time format' } },
  ],
  // A literal format (and zone) is checked here, so a bad one is a compile error, not a per-record one.
  compile(staticArgs) {
    const format = staticArgs['format'];
    const zone = staticArgs['timezone'];
    if (typeof format === 'string') formatWithFormat(new Timestamp(0n), format, typeof zone === 'string' ? zone : undefined);
    return undefined;
  },
  call: (args) => formatWithFormat(ts(args, 'value'), str(args, 'format'), optStr(args, 'timezone')),
});
