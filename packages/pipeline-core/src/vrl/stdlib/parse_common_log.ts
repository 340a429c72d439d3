import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { optStr, str } from './support/args.js';
import { APACHE_COMMON, parseLogLine } from './support/log-formats.js';
import { parseWithFormat, StrptimeCache } from './support/time.js';

const DEFAULT_CLF_TIME_FORMAT = '%d/%b/%Y:%T %z';

export const parse_common_log = defineVrlFunction({
  name: 'parse_common_log',
  summary:
    'Parses a Common Log Format line (`host identity user [time] "request" status size`) into an object; `-` fields are left out, the time is read with `timestamp_format`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'timestamp_format', kinds: ['bytes'], required: false, default: DEFAULT_CLF_TIME_FORMAT },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse using Common Log Format (with default timestamp format)',
      source: "parse_common_log!(s'127.0.0.1 bob frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326')",
      result: {
        host: '127.0.0.1',
        identity: 'bob',
        user: 'frank',
        timestamp: Timestamp.fromMillis(Date.UTC(2000, 9, 10, 20, 55, 36)),
        message: 'GET /apache_pb.gif HTTP/1.0',
        method: 'GET',
        path: '/apache_pb.gif',
        protocol: 'HTTP/1.0',
        status: 200,
        size: 2326,
      },
    },
    {
      title: 'Parse using Common Log Format (with custom timestamp format)',
      source:
        "parse_common_log!(s'127.0.0.1 bob frank [2000-10-10T20:55:36Z] \"GET /apache_pb.gif HTTP/1.0\" 200 2326', \"%+\")",
      result: {
        host: '127.0.0.1',
        identity: 'bob',
        user: 'frank',
        timestamp: Timestamp.fromMillis(Date.UTC(2000, 9, 10, 20, 55, 36)),
        message: 'GET /apache_pb.gif HTTP/1.0',
        method: 'GET',
        path: '/apache_pb.gif',
        protocol: 'HTTP/1.0',
        status: 200,
        size: 2326,
      },
    },
    { title: 'Not a log line', source: 'parse_common_log!("hello")', result: { error: 'failed parsing common log line' } },
  ],
  compile(staticArgs) {
    const cache = new StrptimeCache(2);
    const format = staticArgs['timestamp_format'];
    cache.get(typeof format === 'string' ? format : DEFAULT_CLF_TIME_FORMAT, undefined);
    return cache;
  },
  call(args, _ctx, compiled) {
    const format = optStr(args, 'timestamp_format') ?? DEFAULT_CLF_TIME_FORMAT;
    return parseLogLine(APACHE_COMMON, str(args, 'value'), 'common', (t) => parseWithFormat(compiled, t, format));
  },
});
