import { Timestamp } from '../../value/timestamp.js';
import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { optStr, str } from './support/args.js';
import { captureObject, compileRegex } from './support/regex.js';
import { parseWithFormat, StrptimeCache } from './support/time.js';

/** VRL's Common Log Format pattern (Apache `common`), for the linear-time RE2 engine. */
const COMMON_LOG = compileRegex(
  String.raw`^\s*(?:-|(?P<host>.*?))\s+(?:-|(?P<identity>.*?))\s+(?:-|(?P<user>.*?))\s+(?:-|\[(?:-|(?P<timestamp>[^\[]*))\])\s+` +
    String.raw`(?:-|"(?:-|\s*(?P<message>(?P<method>\w+)\s+(?P<path>(?:\\"|[^"])*?)\s+(?P<protocol>(?:\\"|[^"])*?)\s*|(?:\\"|[^"])*?)\s*)")\s+` +
    String.raw`(?:-|(?P<status>\d+))\s+(?:-|(?P<size>\d+))\s*$`,
);

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
  compile: () => new StrptimeCache(2),
  call(args, _ctx, compiled) {
    const line = str(args, 'value');
    const m = COMMON_LOG.re.matcher(line);
    if (!m.matches()) throw new VrlFunctionError('failed parsing common log line');
    const groups = captureObject(m, COMMON_LOG, false);
    const out: { [k: string]: VrlValue } = {};
    for (const key of ['host', 'identity', 'user', 'timestamp', 'message', 'method', 'path', 'protocol', 'status', 'size']) {
      const v = groups[key];
      if (typeof v !== 'string') continue;
      if (key === 'timestamp') out[key] = parseWithFormat(compiled, v, optStr(args, 'timestamp_format') ?? DEFAULT_CLF_TIME_FORMAT);
      else if (key === 'status' || key === 'size') out[key] = Number(v);
      else out[key] = v;
    }
    return out;
  },
});
