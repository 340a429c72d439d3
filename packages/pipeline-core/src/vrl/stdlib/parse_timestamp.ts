import { defineVrlFunction } from './function.js';
import { optStr, str } from './support/args.js';
import { parseWithFormat, StrptimeCache } from './support/time.js';
import { Timestamp } from '../../value/timestamp.js';

export const parse_timestamp = defineVrlFunction({
  name: 'parse_timestamp',
  summary:
    'Parses `value` with the strptime `format` (chrono specifiers such as `%Y-%m-%d %H:%M:%S %z`); times without an offset are read in `timezone` (default UTC).',
  params: [
    { name: 'value', kinds: ['bytes', 'timestamp'], required: true },
    { name: 'format', kinds: ['bytes'], required: true },
    { name: 'timezone', kinds: ['bytes'], required: false },
  ],
  returns: ['timestamp'],
  fallible: true,
  examples: [
    {
      title: 'Parse timestamp',
      source: 'parse_timestamp!("10-Oct-2020 16:00:00", format: "%d-%b-%Y %H:%M:%S")',
      result: Timestamp.fromMillis(Date.UTC(2020, 9, 10, 16)),
    },
    {
      title: 'Parse timestamp with timezone',
      source: 'parse_timestamp!("16/10/2019 12:00:00", format: "%d/%m/%Y %H:%M:%S", timezone: "Asia/Taipei")',
      result: Timestamp.fromMillis(Date.UTC(2019, 9, 16, 4)),
    },
    { title: 'Text that does not match', source: 'parse_timestamp!("yesterday", format: "%Y-%m-%d")', result: { error: 'unable to parse timestamp' } },
    { title: 'Unknown time zone (a compile error)', source: 'parse_timestamp!("2020-01-01", format: "%Y-%m-%d", timezone: "Mars/Olympus")', result: { error: "unknown time zone 'Mars/Olympus'" } },
  ],
  // A literal format (and zone) is compiled here, so a bad one is a compile error, not a per-record one.
  compile(staticArgs) {
    const cache = new StrptimeCache(4);
    const format = staticArgs['format'];
    const zone = staticArgs['timezone'];
    if (typeof format === 'string') cache.get(format, typeof zone === 'string' ? zone : undefined);
    return cache;
  },
  call(args, _ctx, compiled) {
    const v = args['value'];
    if (v instanceof Timestamp) return v;
    return parseWithFormat(compiled, str(args, 'value'), str(args, 'format'), optStr(args, 'timezone'));
  },
});
