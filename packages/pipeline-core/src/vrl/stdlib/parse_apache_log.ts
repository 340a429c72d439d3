import { defineVrlFunction } from './function.js';
import { oneOf, optStr, str } from './support/args.js';
import { APACHE_COMBINED, APACHE_COMMON, APACHE_ERROR, parseLogLine } from './support/log-formats.js';
import { utc } from './support/instant.js';
import { parseWithFormat, StrptimeCache } from './support/time.js';

const PATTERNS = { common: APACHE_COMMON, combined: APACHE_COMBINED, error: APACHE_ERROR } as const;
const FORMAT_NAMES = Object.keys(PATTERNS) as (keyof typeof PATTERNS)[];
const DEFAULT_TIME_FORMAT = '%d/%b/%Y:%T %z';

export const parse_apache_log = defineVrlFunction({
  name: 'parse_apache_log',
  summary:
    'Parses an Apache HTTP Server log line in `format` `common`, `combined` or `error` into an object; `-` fields are left out and the time is read with `timestamp_format` (in `timezone` when it has no offset).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'format', kinds: ['bytes'], required: true },
    { name: 'timestamp_format', kinds: ['bytes'], required: false, default: DEFAULT_TIME_FORMAT },
    { name: 'timezone', kinds: ['bytes'], required: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse using Apache log format (common)',
      source: "parse_apache_log!(s'127.0.0.1 bob frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326', format: \"common\")",
      result: {
        host: '127.0.0.1', identity: 'bob', user: 'frank', timestamp: utc(2000, 9, 10, 20, 55, 36),
        message: 'GET /apache_pb.gif HTTP/1.0', method: 'GET', path: '/apache_pb.gif', protocol: 'HTTP/1.0', status: 200, size: 2326,
      },
    },
    {
      title: 'Parse using Apache log format (combined)',
      source:
        "parse_apache_log!(s'127.0.0.1 bob frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326 \"http://www.seniorinfomediaries.com/vertical/channels/front-end/bandwidth\" \"Mozilla/5.0 (X11; Linux i686; rv:5.0) Gecko/1945-10-12 Firefox/37.0\"', \"combined\")",
      result: {
        host: '127.0.0.1', identity: 'bob', user: 'frank', timestamp: utc(2000, 9, 10, 20, 55, 36),
        message: 'GET /apache_pb.gif HTTP/1.0', method: 'GET', path: '/apache_pb.gif', protocol: 'HTTP/1.0', status: 200, size: 2326,
        referrer: 'http://www.seniorinfomediaries.com/vertical/channels/front-end/bandwidth',
        agent: 'Mozilla/5.0 (X11; Linux i686; rv:5.0) Gecko/1945-10-12 Firefox/37.0',
      },
    },
    {
      title: 'Parse using Apache log format (error)',
      source:
        "parse_apache_log!(s'[01/Mar/2021:12:00:19 +0000] [ab:alert] [pid 4803:tid 3814] [client 147.159.108.175:24259] I will bypass the haptic COM bandwidth, that should matrix the CSS driver!', \"error\")",
      result: {
        client: '147.159.108.175', message: 'I will bypass the haptic COM bandwidth, that should matrix the CSS driver!', module: 'ab',
        pid: 4803, port: 24259, severity: 'alert', thread: '3814', timestamp: utc(2021, 2, 1, 12, 0, 19),
      },
    },
    { title: 'Unknown format', source: 'parse_apache_log!("x", "fancy")', result: { error: 'invalid format' } },
  ],
  compile(staticArgs) {
    oneOf(staticArgs, 'format', FORMAT_NAMES, 'common');
    const cache = new StrptimeCache(2);
    const timeFormat = staticArgs['timestamp_format'];
    const zone = staticArgs['timezone'];
    cache.get(typeof timeFormat === 'string' ? timeFormat : DEFAULT_TIME_FORMAT, typeof zone === 'string' ? zone : undefined);
    return cache;
  },
  call(args, _ctx, compiled) {
    const format = oneOf(args, 'format', FORMAT_NAMES, 'common');
    const timeFormat = optStr(args, 'timestamp_format') ?? DEFAULT_TIME_FORMAT;
    const zone = optStr(args, 'timezone');
    return parseLogLine(PATTERNS[format], str(args, 'value'), `apache ${format}`, (t) => parseWithFormat(compiled, t, timeFormat, zone));
  },
});
